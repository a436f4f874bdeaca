CREATE TABLE "stamp_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stamp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"stamp_id" integer NOT NULL,
	"serial" bigint NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"printed_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"first_scan_at" timestamp with time zone,
	"last_scan_at" timestamp with time zone,
	CONSTRAINT "stamp_codes_status_ck" CHECK (status in ('issued', 'printed', 'activated', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "stamp_print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"stamp_id" integer NOT NULL,
	"serial_from" bigint NOT NULL,
	"serial_to" bigint NOT NULL,
	"count" integer NOT NULL,
	"lines" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"file_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"product_id" integer NOT NULL,
	"trace_id" integer,
	"manufacture_id" integer,
	"quantity" integer NOT NULL,
	"serial_from" bigint,
	"serial_to" bigint,
	"packaging_date" timestamp with time zone,
	"lines" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 50 NOT NULL,
	"height" integer DEFAULT 30 NOT NULL,
	"stamps_per_line" integer DEFAULT 1 NOT NULL,
	"size" integer DEFAULT 3 NOT NULL,
	"vertical" integer DEFAULT 0 NOT NULL,
	"horizontal" integer DEFAULT 0 NOT NULL,
	"distance" integer DEFAULT 2 NOT NULL,
	"space_left" integer DEFAULT 0 NOT NULL,
	"space_top" integer DEFAULT 0 NOT NULL,
	"print_product_name" boolean DEFAULT true,
	"print_product_created_at" boolean DEFAULT true,
	"product_name_attribute" jsonb,
	"product_created_at_attribute" jsonb,
	"stamp_attributes" jsonb,
	"status" text DEFAULT 'issued' NOT NULL,
	"printed_count" integer DEFAULT 0,
	"voided_count" integer DEFAULT 0,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "traces" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer,
	"manufacture_id" integer NOT NULL,
	"material_area_id" integer,
	"planting_date" timestamp with time zone,
	"harvest_date" timestamp with time zone,
	"packaging_date" timestamp with time zone,
	"expired_date" timestamp with time zone,
	"quantity" double precision,
	"distributors" jsonb,
	"certificates" jsonb,
	"description" text,
	"active" boolean DEFAULT true,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD CONSTRAINT "stamp_codes_stamp_id_stamps_id_fk" FOREIGN KEY ("stamp_id") REFERENCES "public"."stamps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_print_jobs" ADD CONSTRAINT "stamp_print_jobs_stamp_id_stamps_id_fk" FOREIGN KEY ("stamp_id") REFERENCES "public"."stamps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_print_jobs" ADD CONSTRAINT "stamp_print_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_trace_id_traces_id_fk" FOREIGN KEY ("trace_id") REFERENCES "public"."traces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_material_area_id_material_areas_id_fk" FOREIGN KEY ("material_area_id") REFERENCES "public"."material_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traces" ADD CONSTRAINT "traces_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_codes_code_uq" ON "stamp_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_codes_serial_uq" ON "stamp_codes" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "stamp_codes_stamp_serial_idx" ON "stamp_codes" USING btree ("stamp_id","serial");--> statement-breakpoint
CREATE INDEX "stamp_codes_printed_at_idx" ON "stamp_codes" USING btree ("printed_at") WHERE printed_at is not null;--> statement-breakpoint
CREATE INDEX "stamp_codes_activated_at_idx" ON "stamp_codes" USING btree ("activated_at") WHERE activated_at is not null;--> statement-breakpoint
CREATE INDEX "stamp_print_jobs_stamp_idx" ON "stamp_print_jobs" USING btree ("stamp_id","created_at");--> statement-breakpoint
CREATE INDEX "stamp_print_jobs_created_at_idx" ON "stamp_print_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stamps_name_idx" ON "stamps" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stamps_product_id_idx" ON "stamps" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stamps_trace_id_idx" ON "stamps" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "stamps_manufacture_id_idx" ON "stamps" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "stamps_quantity_idx" ON "stamps" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "stamps_serial_from_idx" ON "stamps" USING btree ("serial_from");--> statement-breakpoint
CREATE INDEX "stamps_packaging_date_idx" ON "stamps" USING btree ("packaging_date");--> statement-breakpoint
CREATE INDEX "stamps_status_idx" ON "stamps" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stamps_search_idx" ON "stamps" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stamps_search_tsv_idx" ON "stamps" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "stamps_created_at_idx" ON "stamps" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "traces_code_uq" ON "traces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "traces_product_id_idx" ON "traces" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "traces_batch_id_idx" ON "traces" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "traces_manufacture_id_idx" ON "traces" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "traces_material_area_id_idx" ON "traces" USING btree ("material_area_id");--> statement-breakpoint
CREATE INDEX "traces_planting_date_idx" ON "traces" USING btree ("planting_date");--> statement-breakpoint
CREATE INDEX "traces_harvest_date_idx" ON "traces" USING btree ("harvest_date");--> statement-breakpoint
CREATE INDEX "traces_packaging_date_idx" ON "traces" USING btree ("packaging_date");--> statement-breakpoint
CREATE INDEX "traces_expired_date_idx" ON "traces" USING btree ("expired_date");--> statement-breakpoint
CREATE INDEX "traces_active_idx" ON "traces" USING btree ("active");--> statement-breakpoint
CREATE INDEX "traces_search_idx" ON "traces" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "traces_search_tsv_idx" ON "traces" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "traces_created_at_idx" ON "traces" USING btree ("created_at");