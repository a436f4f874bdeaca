CREATE TABLE "audit_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"record_id" text,
	"method" text,
	"path" text,
	"code" smallint,
	"ip" text,
	"user_agent" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'kept' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"original_name" text,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administrative" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"position" text,
	"ward_id" integer,
	"role_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"is_highlight" boolean DEFAULT false,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "animals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scientific_name" text,
	"animal_type" text,
	"description" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"birthday" timestamp with time zone,
	"gender" text,
	"avatar" text,
	"address" text,
	"ward_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "criteria_seafoods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"seafood_id" integer NOT NULL,
	"stage" text,
	"salinity_min" double precision,
	"salinity_max" double precision,
	"ph_min" double precision,
	"ph_max" double precision,
	"temperature_min" double precision,
	"temperature_max" double precision,
	"dissolved_oxygen_min" double precision,
	"dissolved_oxygen_max" double precision,
	"description" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"representative" text,
	"tax_code" text,
	"phone" text,
	"email" text,
	"address" text,
	"ward_id" integer,
	"price" bigint,
	"product_ids" integer[],
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"province_id" integer NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "farming_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"standard" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "labors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"full_name" text NOT NULL,
	"birthday" timestamp with time zone,
	"gender" text,
	"citizen_id" text,
	"phone" text,
	"email" text,
	"position" text,
	"address" text,
	"manufacture_id" integer,
	"username" text,
	"password" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manufactures" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manufacturing_form_id" integer,
	"manufacturing_sector_id" integer,
	"representative" text,
	"tax_code" text,
	"business_license_no" text,
	"phone" text,
	"email" text,
	"website" text,
	"address" text,
	"ward_id" integer,
	"lat" double precision,
	"long" double precision,
	"logo" text,
	"description" text,
	"certifications" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manufacturing_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manufacturing_sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "material_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manufacture_id" integer,
	"acreage" double precision NOT NULL,
	"address" text,
	"ward_id" integer,
	"lat" double precision,
	"long" double precision,
	"boundary" jsonb,
	"farming_form_id" integer,
	"product_ids" integer[],
	"certifications" jsonb,
	"description" text,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scientific_name" text,
	"plant_type" text,
	"description" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_animals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"animal_id" integer NOT NULL,
	"scientific_name" text,
	"growth_duration_days" integer,
	"seasons" text,
	"suitable_conditions" text,
	"yield_per_head" double precision,
	"care_notes" text,
	"image" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"path" text,
	"depth" integer,
	"description" text,
	"image" text,
	"sort_order" integer,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_plants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plant_id" integer NOT NULL,
	"scientific_name" text,
	"growth_duration_days" integer,
	"seasons" text,
	"suitable_soils" text,
	"yield_per_ha" double precision,
	"planting_density" text,
	"care_notes" text,
	"image" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"description" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"gtin" text,
	"name" text NOT NULL,
	"product_group_id" integer,
	"product_unit_id" integer,
	"manufacture_id" integer,
	"farming_form_id" integer,
	"price" bigint,
	"images" jsonb,
	"description" text,
	"ingredients" text,
	"usage" text,
	"storage" text,
	"shelf_life_days" integer,
	"certifications" jsonb,
	"ocop_stars" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_highlight" boolean DEFAULT false,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"province_ids" integer[],
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint,
	"status" text DEFAULT 'pending',
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "roles_administrative" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "seafoods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scientific_name" text,
	"seafood_type" text,
	"water_type" text,
	"description" text,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"avatar" text,
	"role_id" integer,
	"ward_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"is_highlight" boolean DEFAULT false,
	"must_change_password" boolean DEFAULT false,
	"last_login_at" timestamp with time zone,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "wards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"province_id" integer NOT NULL,
	"district_id" integer,
	"search_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE INDEX "audit_logs_at_idx" ON "audit_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_logs_subject_at_idx" ON "audit_logs" USING btree ("subject","at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_at_idx" ON "audit_logs" USING btree ("actor_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "export_files_token_uq" ON "export_files" USING btree ("token");--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_action_subject_uq" ON "permissions" USING btree ("action","subject");--> statement-breakpoint
CREATE INDEX "role_permissions_perm_idx" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_uq" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "administrative_username_uq" ON "administrative" USING btree ("username");--> statement-breakpoint
CREATE INDEX "administrative_full_name_idx" ON "administrative" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "administrative_email_uq" ON "administrative" USING btree ("email");--> statement-breakpoint
CREATE INDEX "administrative_ward_id_idx" ON "administrative" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "administrative_role_id_idx" ON "administrative" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "administrative_status_idx" ON "administrative" USING btree ("status");--> statement-breakpoint
CREATE INDEX "administrative_is_highlight_idx" ON "administrative" USING btree ("is_highlight");--> statement-breakpoint
CREATE INDEX "administrative_search_idx" ON "administrative" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "administrative_created_at_idx" ON "administrative" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "animals_code_uq" ON "animals" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "animals_name_uq" ON "animals" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "animals_animal_type_idx" ON "animals" USING btree ("animal_type");--> statement-breakpoint
CREATE INDEX "animals_is_active_idx" ON "animals" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "animals_search_idx" ON "animals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "animals_created_at_idx" ON "animals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "animals_live_id_idx" ON "animals" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "apps_full_name_idx" ON "apps" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_phone_uq" ON "apps" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "apps_birthday_idx" ON "apps" USING btree ("birthday");--> statement-breakpoint
CREATE INDEX "apps_gender_idx" ON "apps" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "apps_ward_id_idx" ON "apps" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "apps_status_idx" ON "apps" USING btree ("status");--> statement-breakpoint
CREATE INDEX "apps_search_idx" ON "apps" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "apps_created_at_idx" ON "apps" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "criteria_seafoods_code_uq" ON "criteria_seafoods" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "criteria_seafoods_name_idx" ON "criteria_seafoods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "criteria_seafoods_seafood_id_idx" ON "criteria_seafoods" USING btree ("seafood_id");--> statement-breakpoint
CREATE INDEX "criteria_seafoods_is_active_idx" ON "criteria_seafoods" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "criteria_seafoods_seafood_id_stage_uq" ON "criteria_seafoods" USING btree ("seafood_id","stage") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "criteria_seafoods_search_idx" ON "criteria_seafoods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "criteria_seafoods_created_at_idx" ON "criteria_seafoods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "criteria_seafoods_live_id_idx" ON "criteria_seafoods" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_code_uq" ON "distributors" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "distributors_name_idx" ON "distributors" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_tax_code_uq" ON "distributors" USING btree ("tax_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "distributors_ward_id_idx" ON "distributors" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "distributors_price_idx" ON "distributors" USING btree ("price");--> statement-breakpoint
CREATE INDEX "distributors_status_idx" ON "distributors" USING btree ("status");--> statement-breakpoint
CREATE INDEX "distributors_search_idx" ON "distributors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "distributors_created_at_idx" ON "distributors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "distributors_live_id_idx" ON "distributors" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "districts_code_uq" ON "districts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "districts_name_idx" ON "districts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "districts_level_idx" ON "districts" USING btree ("level");--> statement-breakpoint
CREATE INDEX "districts_province_id_idx" ON "districts" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "districts_search_idx" ON "districts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "districts_created_at_idx" ON "districts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "farming_forms_name_uq" ON "farming_forms" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "farming_forms_code_idx" ON "farming_forms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "farming_forms_is_active_idx" ON "farming_forms" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "farming_forms_search_idx" ON "farming_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farming_forms_created_at_idx" ON "farming_forms" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "farming_forms_live_id_idx" ON "farming_forms" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "labors_code_uq" ON "labors" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "labors_full_name_idx" ON "labors" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "labors_birthday_idx" ON "labors" USING btree ("birthday");--> statement-breakpoint
CREATE INDEX "labors_gender_idx" ON "labors" USING btree ("gender");--> statement-breakpoint
CREATE UNIQUE INDEX "labors_citizen_id_uq" ON "labors" USING btree ("citizen_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "labors_manufacture_id_idx" ON "labors" USING btree ("manufacture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labors_username_uq" ON "labors" USING btree ("username") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "labors_status_idx" ON "labors" USING btree ("status");--> statement-breakpoint
CREATE INDEX "labors_search_idx" ON "labors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "labors_created_at_idx" ON "labors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "labors_live_id_idx" ON "labors" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "manufactures_code_uq" ON "manufactures" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "manufactures_name_idx" ON "manufactures" USING btree ("name");--> statement-breakpoint
CREATE INDEX "manufactures_manufacturing_form_id_idx" ON "manufactures" USING btree ("manufacturing_form_id");--> statement-breakpoint
CREATE INDEX "manufactures_manufacturing_sector_id_idx" ON "manufactures" USING btree ("manufacturing_sector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manufactures_tax_code_uq" ON "manufactures" USING btree ("tax_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "manufactures_ward_id_idx" ON "manufactures" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "manufactures_status_idx" ON "manufactures" USING btree ("status");--> statement-breakpoint
CREATE INDEX "manufactures_search_idx" ON "manufactures" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "manufactures_created_at_idx" ON "manufactures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "manufactures_live_id_idx" ON "manufactures" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturing_forms_code_uq" ON "manufacturing_forms" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturing_forms_name_uq" ON "manufacturing_forms" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "manufacturing_forms_sort_order_idx" ON "manufacturing_forms" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "manufacturing_forms_is_active_idx" ON "manufacturing_forms" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "manufacturing_forms_search_idx" ON "manufacturing_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "manufacturing_forms_created_at_idx" ON "manufacturing_forms" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "manufacturing_forms_live_id_idx" ON "manufacturing_forms" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturing_sectors_code_uq" ON "manufacturing_sectors" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturing_sectors_name_uq" ON "manufacturing_sectors" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_sort_order_idx" ON "manufacturing_sectors" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_is_active_idx" ON "manufacturing_sectors" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_search_idx" ON "manufacturing_sectors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_created_at_idx" ON "manufacturing_sectors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_live_id_idx" ON "manufacturing_sectors" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "material_areas_code_uq" ON "material_areas" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "material_areas_name_idx" ON "material_areas" USING btree ("name");--> statement-breakpoint
CREATE INDEX "material_areas_manufacture_id_idx" ON "material_areas" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "material_areas_acreage_idx" ON "material_areas" USING btree ("acreage");--> statement-breakpoint
CREATE INDEX "material_areas_ward_id_idx" ON "material_areas" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "material_areas_farming_form_id_idx" ON "material_areas" USING btree ("farming_form_id");--> statement-breakpoint
CREATE INDEX "material_areas_search_idx" ON "material_areas" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "material_areas_created_at_idx" ON "material_areas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "material_areas_live_id_idx" ON "material_areas" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plants_code_uq" ON "plants" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plants_name_uq" ON "plants" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "plants_plant_type_idx" ON "plants" USING btree ("plant_type");--> statement-breakpoint
CREATE INDEX "plants_is_active_idx" ON "plants" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "plants_search_idx" ON "plants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plants_created_at_idx" ON "plants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "plants_live_id_idx" ON "plants" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_animals_code_uq" ON "product_animals" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_animals_name_uq" ON "product_animals" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_animals_animal_id_idx" ON "product_animals" USING btree ("animal_id");--> statement-breakpoint
CREATE INDEX "product_animals_growth_duration_days_idx" ON "product_animals" USING btree ("growth_duration_days");--> statement-breakpoint
CREATE INDEX "product_animals_yield_per_head_idx" ON "product_animals" USING btree ("yield_per_head");--> statement-breakpoint
CREATE INDEX "product_animals_is_active_idx" ON "product_animals" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "product_animals_search_idx" ON "product_animals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_animals_created_at_idx" ON "product_animals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_animals_live_id_idx" ON "product_animals" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_groups_code_uq" ON "product_groups" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_groups_name_idx" ON "product_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "product_groups_parent_id_idx" ON "product_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_groups_path_idx" ON "product_groups" USING btree ("path");--> statement-breakpoint
CREATE INDEX "product_groups_sort_order_idx" ON "product_groups" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "product_groups_is_active_idx" ON "product_groups" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "product_groups_parent_id_name_uq" ON "product_groups" USING btree ("parent_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_groups_search_idx" ON "product_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_groups_created_at_idx" ON "product_groups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_groups_live_id_idx" ON "product_groups" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_plants_code_uq" ON "product_plants" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_plants_name_uq" ON "product_plants" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_plants_plant_id_idx" ON "product_plants" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "product_plants_growth_duration_days_idx" ON "product_plants" USING btree ("growth_duration_days");--> statement-breakpoint
CREATE INDEX "product_plants_yield_per_ha_idx" ON "product_plants" USING btree ("yield_per_ha");--> statement-breakpoint
CREATE INDEX "product_plants_is_active_idx" ON "product_plants" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "product_plants_search_idx" ON "product_plants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_plants_created_at_idx" ON "product_plants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_plants_live_id_idx" ON "product_plants" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_units_name_uq" ON "product_units" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_units_is_active_idx" ON "product_units" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "product_units_search_idx" ON "product_units" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_units_created_at_idx" ON "product_units" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_units_live_id_idx" ON "product_units" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_gtin_uq" ON "products" USING btree ("gtin") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_product_group_id_idx" ON "products" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "products_product_unit_id_idx" ON "products" USING btree ("product_unit_id");--> statement-breakpoint
CREATE INDEX "products_manufacture_id_idx" ON "products" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "products_farming_form_id_idx" ON "products" USING btree ("farming_form_id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price");--> statement-breakpoint
CREATE INDEX "products_shelf_life_days_idx" ON "products" USING btree ("shelf_life_days");--> statement-breakpoint
CREATE INDEX "products_ocop_stars_idx" ON "products" USING btree ("ocop_stars");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status");--> statement-breakpoint
CREATE INDEX "products_is_highlight_idx" ON "products" USING btree ("is_highlight");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_live_id_idx" ON "products" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "provinces_code_uq" ON "provinces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "provinces_name_idx" ON "provinces" USING btree ("name");--> statement-breakpoint
CREATE INDEX "provinces_level_idx" ON "provinces" USING btree ("level");--> statement-breakpoint
CREATE INDEX "provinces_search_idx" ON "provinces" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provinces_created_at_idx" ON "provinces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_uq" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_name_uq" ON "regions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "regions_search_idx" ON "regions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regions_created_at_idx" ON "regions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "roles_price_idx" ON "roles" USING btree ("price");--> statement-breakpoint
CREATE INDEX "roles_status_idx" ON "roles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "roles_search_idx" ON "roles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_created_at_idx" ON "roles" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_administrative_name_uq" ON "roles_administrative" USING btree ("name");--> statement-breakpoint
CREATE INDEX "roles_administrative_status_idx" ON "roles_administrative" USING btree ("status");--> statement-breakpoint
CREATE INDEX "roles_administrative_search_idx" ON "roles_administrative" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_administrative_created_at_idx" ON "roles_administrative" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seafoods_code_uq" ON "seafoods" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seafoods_name_uq" ON "seafoods" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "seafoods_seafood_type_idx" ON "seafoods" USING btree ("seafood_type");--> statement-breakpoint
CREATE INDEX "seafoods_water_type_idx" ON "seafoods" USING btree ("water_type");--> statement-breakpoint
CREATE INDEX "seafoods_is_active_idx" ON "seafoods" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "seafoods_search_idx" ON "seafoods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seafoods_created_at_idx" ON "seafoods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seafoods_live_id_idx" ON "seafoods" USING btree ("id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_ward_id_idx" ON "users" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_is_highlight_idx" ON "users" USING btree ("is_highlight");--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wards_code_uq" ON "wards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "wards_name_idx" ON "wards" USING btree ("name");--> statement-breakpoint
CREATE INDEX "wards_level_idx" ON "wards" USING btree ("level");--> statement-breakpoint
CREATE INDEX "wards_province_id_idx" ON "wards" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "wards_district_id_idx" ON "wards" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "wards_search_idx" ON "wards" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wards_created_at_idx" ON "wards" USING btree ("created_at");