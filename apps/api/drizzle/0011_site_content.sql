CREATE TABLE "banner_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text DEFAULT 'main' NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"link" text,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization" text,
	"address" text,
	"phone" text,
	"hotline" text,
	"email" text,
	"working_hours" text,
	"lat" double precision,
	"long" double precision,
	"intro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "footer" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization" text,
	"address" text,
	"phone" text,
	"email" text,
	"license" text,
	"copyright" text,
	"facebook" text,
	"youtube" text,
	"zalo" text,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"items" jsonb,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "seasonal_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plant_id" integer NOT NULL,
	"product_plant_id" integer,
	"season" text NOT NULL,
	"year" integer NOT NULL,
	"ward_id" integer,
	"region_id" integer,
	"sowing_from" timestamp with time zone NOT NULL,
	"sowing_to" timestamp with time zone NOT NULL,
	"harvest_from" timestamp with time zone NOT NULL,
	"harvest_to" timestamp with time zone NOT NULL,
	"notes" text,
	"visibility" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "site_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"logo" text,
	"logo_footer" text,
	"favicon" text,
	"site_name" text,
	"short_name" text,
	"slogan" text,
	"description" text,
	"seo_title" text,
	"seo_description" text,
	"seo_keywords" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"logo" text,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "banner_images" ADD CONSTRAINT "banner_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_images" ADD CONSTRAINT "banner_images_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footer" ADD CONSTRAINT "footer_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footer" ADD CONSTRAINT "footer_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_product_plant_id_product_plants_id_fk" FOREIGN KEY ("product_plant_id") REFERENCES "public"."product_plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_calendars" ADD CONSTRAINT "seasonal_calendars_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configs" ADD CONSTRAINT "site_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configs" ADD CONSTRAINT "site_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_images_position_idx" ON "banner_images" USING btree ("position");--> statement-breakpoint
CREATE INDEX "banner_images_title_idx" ON "banner_images" USING btree ("title");--> statement-breakpoint
CREATE INDEX "banner_images_active_from_idx" ON "banner_images" USING btree ("active_from");--> statement-breakpoint
CREATE INDEX "banner_images_active_to_idx" ON "banner_images" USING btree ("active_to");--> statement-breakpoint
CREATE INDEX "banner_images_sort_order_idx" ON "banner_images" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "banner_images_status_idx" ON "banner_images" USING btree ("status");--> statement-breakpoint
CREATE INDEX "banner_images_position_sort_order_id_idx" ON "banner_images" USING btree ("position","sort_order","id");--> statement-breakpoint
CREATE INDEX "banner_images_search_idx" ON "banner_images" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "banner_images_search_tsv_idx" ON "banner_images" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "banner_images_created_at_idx" ON "banner_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_created_at_idx" ON "contact" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "footer_created_at_idx" ON "footer" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "menus_name_idx" ON "menus" USING btree ("name");--> statement-breakpoint
CREATE INDEX "menus_position_idx" ON "menus" USING btree ("position");--> statement-breakpoint
CREATE INDEX "menus_status_idx" ON "menus" USING btree ("status");--> statement-breakpoint
CREATE INDEX "menus_search_idx" ON "menus" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "menus_search_tsv_idx" ON "menus" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "menus_created_at_idx" ON "menus" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_name_idx" ON "seasonal_calendars" USING btree ("name");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_plant_id_idx" ON "seasonal_calendars" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_product_plant_id_idx" ON "seasonal_calendars" USING btree ("product_plant_id");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_season_idx" ON "seasonal_calendars" USING btree ("season");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_year_idx" ON "seasonal_calendars" USING btree ("year");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_ward_id_idx" ON "seasonal_calendars" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_region_id_idx" ON "seasonal_calendars" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_sowing_from_idx" ON "seasonal_calendars" USING btree ("sowing_from");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_harvest_from_idx" ON "seasonal_calendars" USING btree ("harvest_from");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_visibility_idx" ON "seasonal_calendars" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_search_idx" ON "seasonal_calendars" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seasonal_calendars_search_tsv_idx" ON "seasonal_calendars" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "seasonal_calendars_created_at_idx" ON "seasonal_calendars" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_name_uq" ON "shipping_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "shipping_methods_fee_idx" ON "shipping_methods" USING btree ("fee");--> statement-breakpoint
CREATE INDEX "shipping_methods_status_idx" ON "shipping_methods" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shipping_methods_search_idx" ON "shipping_methods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipping_methods_search_tsv_idx" ON "shipping_methods" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "shipping_methods_created_at_idx" ON "shipping_methods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_configs_created_at_idx" ON "site_configs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "websites_name_idx" ON "websites" USING btree ("name");--> statement-breakpoint
CREATE INDEX "websites_sort_order_idx" ON "websites" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "websites_status_idx" ON "websites" USING btree ("status");--> statement-breakpoint
CREATE INDEX "websites_search_idx" ON "websites" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_search_tsv_idx" ON "websites" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "websites_created_at_idx" ON "websites" USING btree ("created_at");