-- Every suffix (its first 16 characters) of every maximal run of 8 or more ASCII letters and digits of a
-- search text, as a tsvector: a search for one such token ('dv999999', a phone number) is the prefix query
-- 'token':* on the GIN index below, the same rows as search_text LIKE '%token%' (issue 11, 4th pass;
-- resource-query.ts searchCode). Immutable, so an expression index can hold it; no extension needed (PGlite).
CREATE OR REPLACE FUNCTION nns_search_codes(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT substr(r[1], i, 16))), ''::tsvector)
  FROM regexp_matches(t, '[a-z0-9]{8,}', 'g') AS r, generate_series(1, length(r[1]) - 7) AS i
$$;--> statement-breakpoint
CREATE INDEX "administrative_search_codes_idx" ON "administrative" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "animals_search_codes_idx" ON "animals" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "apps_search_codes_idx" ON "apps" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "article_types_search_codes_idx" ON "article_types" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "articles_search_codes_idx" ON "articles" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "banner_images_search_codes_idx" ON "banner_images" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "batches_search_codes_idx" ON "batches" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "categories_search_codes_idx" ON "categories" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "criteria_seafoods_search_codes_idx" ON "criteria_seafoods" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "diaries_search_codes_idx" ON "diaries" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "discharge_constructs_search_codes_idx" ON "discharge_constructs" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "discharge_limits_search_codes_idx" ON "discharge_limits" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "distributors_search_codes_idx" ON "distributors" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "districts_search_codes_idx" ON "districts" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "farming_forms_search_codes_idx" ON "farming_forms" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "images_search_codes_idx" ON "images" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "insect_orders_search_codes_idx" ON "insect_orders" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "labors_search_codes_idx" ON "labors" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "libraries_search_codes_idx" ON "libraries" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "manufactures_search_codes_idx" ON "manufactures" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "manufacturing_forms_search_codes_idx" ON "manufacturing_forms" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "manufacturing_sectors_search_codes_idx" ON "manufacturing_sectors" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "material_areas_search_codes_idx" ON "material_areas" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "menus_search_codes_idx" ON "menus" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "monitorings_search_codes_idx" ON "monitorings" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "notifications_search_codes_idx" ON "notifications" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "plants_search_codes_idx" ON "plants" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "processes_search_codes_idx" ON "processes" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "product_animals_search_codes_idx" ON "product_animals" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "product_groups_search_codes_idx" ON "product_groups" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "product_plants_search_codes_idx" ON "product_plants" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "product_units_search_codes_idx" ON "product_units" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "products_search_codes_idx" ON "products" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "provinces_search_codes_idx" ON "provinces" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "raw_material_areas_search_codes_idx" ON "raw_material_areas" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "regions_search_codes_idx" ON "regions" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "roles_search_codes_idx" ON "roles" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "roles_administrative_search_codes_idx" ON "roles_administrative" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "seafoods_search_codes_idx" ON "seafoods" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "seasonal_calendars_search_codes_idx" ON "seasonal_calendars" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "shipping_methods_search_codes_idx" ON "shipping_methods" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "stages_search_codes_idx" ON "stages" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "stamps_search_codes_idx" ON "stamps" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "tags_search_codes_idx" ON "tags" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "traces_search_codes_idx" ON "traces" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "users_search_codes_idx" ON "users" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "videos_search_codes_idx" ON "videos" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "wards_search_codes_idx" ON "wards" USING gin (nns_search_codes("search_text"));--> statement-breakpoint
CREATE INDEX "websites_search_codes_idx" ON "websites" USING gin (nns_search_codes("search_text"));