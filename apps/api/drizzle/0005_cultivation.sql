CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_id" integer NOT NULL,
	"process_id" integer,
	"manufacture_id" integer NOT NULL,
	"material_area_id" integer,
	"raw_material_area_id" integer,
	"planting_date" timestamp with time zone NOT NULL,
	"expected_harvest_date" timestamp with time zone,
	"harvest_date" timestamp with time zone,
	"quantity" double precision,
	"product_unit_id" integer,
	"expected_yield" double precision,
	"actual_yield" double precision,
	"price" bigint,
	"status" text DEFAULT 'planned' NOT NULL,
	"note" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "diaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"stage_id" integer,
	"performed_at" timestamp with time zone NOT NULL,
	"activity" text NOT NULL,
	"labor_id" integer,
	"weather" text,
	"inputs" jsonb,
	"note" text,
	"images" jsonb,
	"is_traceable" boolean DEFAULT false,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_id" integer,
	"product_group_id" integer,
	"farming_form_id" integer,
	"manufacture_id" integer,
	"description" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "raw_material_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"material_area_id" integer NOT NULL,
	"crop" text NOT NULL,
	"acreage" double precision NOT NULL,
	"lat" double precision,
	"long" double precision,
	"boundary" jsonb,
	"households" text,
	"description" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"position" integer,
	"name" text NOT NULL,
	"duration_days" integer NOT NULL,
	"expected_activities" text,
	"expected_inputs" text,
	"description" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_material_area_id_material_areas_id_fk" FOREIGN KEY ("material_area_id") REFERENCES "public"."material_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_raw_material_area_id_raw_material_areas_id_fk" FOREIGN KEY ("raw_material_area_id") REFERENCES "public"."raw_material_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_unit_id_product_units_id_fk" FOREIGN KEY ("product_unit_id") REFERENCES "public"."product_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_labor_id_labors_id_fk" FOREIGN KEY ("labor_id") REFERENCES "public"."labors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diaries" ADD CONSTRAINT "diaries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_farming_form_id_farming_forms_id_fk" FOREIGN KEY ("farming_form_id") REFERENCES "public"."farming_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_areas" ADD CONSTRAINT "raw_material_areas_material_area_id_material_areas_id_fk" FOREIGN KEY ("material_area_id") REFERENCES "public"."material_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_areas" ADD CONSTRAINT "raw_material_areas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_areas" ADD CONSTRAINT "raw_material_areas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_code_uq" ON "batches" USING btree ("code");--> statement-breakpoint
CREATE INDEX "batches_product_id_idx" ON "batches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "batches_process_id_idx" ON "batches" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "batches_manufacture_id_idx" ON "batches" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "batches_material_area_id_idx" ON "batches" USING btree ("material_area_id");--> statement-breakpoint
CREATE INDEX "batches_raw_material_area_id_idx" ON "batches" USING btree ("raw_material_area_id");--> statement-breakpoint
CREATE INDEX "batches_planting_date_idx" ON "batches" USING btree ("planting_date");--> statement-breakpoint
CREATE INDEX "batches_expected_harvest_date_idx" ON "batches" USING btree ("expected_harvest_date");--> statement-breakpoint
CREATE INDEX "batches_harvest_date_idx" ON "batches" USING btree ("harvest_date");--> statement-breakpoint
CREATE INDEX "batches_product_unit_id_idx" ON "batches" USING btree ("product_unit_id");--> statement-breakpoint
CREATE INDEX "batches_price_idx" ON "batches" USING btree ("price");--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "batches_search_idx" ON "batches" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "batches_search_tsv_idx" ON "batches" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "batches_created_at_idx" ON "batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "diaries_batch_id_idx" ON "diaries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "diaries_stage_id_idx" ON "diaries" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "diaries_performed_at_idx" ON "diaries" USING btree ("performed_at");--> statement-breakpoint
CREATE INDEX "diaries_activity_idx" ON "diaries" USING btree ("activity");--> statement-breakpoint
CREATE INDEX "diaries_labor_id_idx" ON "diaries" USING btree ("labor_id");--> statement-breakpoint
CREATE INDEX "diaries_is_traceable_idx" ON "diaries" USING btree ("is_traceable");--> statement-breakpoint
CREATE INDEX "diaries_search_idx" ON "diaries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diaries_search_tsv_idx" ON "diaries" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "diaries_created_at_idx" ON "diaries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "processes_name_idx" ON "processes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "processes_product_id_idx" ON "processes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "processes_product_group_id_idx" ON "processes" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "processes_farming_form_id_idx" ON "processes" USING btree ("farming_form_id");--> statement-breakpoint
CREATE INDEX "processes_manufacture_id_idx" ON "processes" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "processes_search_idx" ON "processes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "processes_search_tsv_idx" ON "processes" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "processes_created_at_idx" ON "processes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "raw_material_areas_code_uq" ON "raw_material_areas" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "raw_material_areas_name_idx" ON "raw_material_areas" USING btree ("name");--> statement-breakpoint
CREATE INDEX "raw_material_areas_material_area_id_idx" ON "raw_material_areas" USING btree ("material_area_id");--> statement-breakpoint
CREATE INDEX "raw_material_areas_crop_idx" ON "raw_material_areas" USING btree ("crop");--> statement-breakpoint
CREATE INDEX "raw_material_areas_acreage_idx" ON "raw_material_areas" USING btree ("acreage");--> statement-breakpoint
CREATE INDEX "raw_material_areas_search_idx" ON "raw_material_areas" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "raw_material_areas_search_tsv_idx" ON "raw_material_areas" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "raw_material_areas_created_at_idx" ON "raw_material_areas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "raw_material_areas_live_id_idx" ON "raw_material_areas" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "stages_process_id_idx" ON "stages" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "stages_position_idx" ON "stages" USING btree ("position");--> statement-breakpoint
CREATE INDEX "stages_name_idx" ON "stages" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stages_duration_days_idx" ON "stages" USING btree ("duration_days");--> statement-breakpoint
CREATE INDEX "stages_search_idx" ON "stages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stages_search_tsv_idx" ON "stages" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "stages_created_at_idx" ON "stages" USING btree ("created_at");