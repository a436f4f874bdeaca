ALTER TABLE "administrative" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "animals" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "criteria_seafoods" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "farming_forms" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "labors" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "manufactures" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "manufacturing_forms" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "manufacturing_sectors" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "material_areas" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "product_animals" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "product_plants" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "product_units" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "provinces" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "roles_administrative" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "seafoods" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "wards" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "administrative_search_tsv_idx" ON "administrative" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "animals_search_tsv_idx" ON "animals" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "apps_search_tsv_idx" ON "apps" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "criteria_seafoods_search_tsv_idx" ON "criteria_seafoods" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "distributors_search_tsv_idx" ON "distributors" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "districts_search_tsv_idx" ON "districts" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "farming_forms_search_tsv_idx" ON "farming_forms" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "labors_search_tsv_idx" ON "labors" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "manufactures_search_tsv_idx" ON "manufactures" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "manufacturing_forms_search_tsv_idx" ON "manufacturing_forms" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_search_tsv_idx" ON "manufacturing_sectors" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "material_areas_search_tsv_idx" ON "material_areas" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "notifications_search_tsv_idx" ON "notifications" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "plants_search_tsv_idx" ON "plants" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "product_animals_search_tsv_idx" ON "product_animals" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "product_groups_search_tsv_idx" ON "product_groups" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "product_plants_search_tsv_idx" ON "product_plants" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "product_units_search_tsv_idx" ON "product_units" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "products_search_tsv_idx" ON "products" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "provinces_search_tsv_idx" ON "provinces" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "regions_search_tsv_idx" ON "regions" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "roles_search_tsv_idx" ON "roles" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "roles_administrative_search_tsv_idx" ON "roles_administrative" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "seafoods_search_tsv_idx" ON "seafoods" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "users_search_tsv_idx" ON "users" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "wards_search_tsv_idx" ON "wards" USING gin ("search_tsv");