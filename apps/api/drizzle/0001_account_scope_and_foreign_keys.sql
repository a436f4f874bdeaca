-- Explicit account scope (issue 10 §4) and a foreign key for every reference (§3).
-- Hand-edited before it landed: the scope column is backfilled before it becomes NOT NULL, and the
-- foreign keys are added by one block that first repairs what older databases may hold.
ALTER TABLE "users" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "province_id" integer;--> statement-breakpoint
-- an account with a ward sees that ward (as before); an account without one saw everything: 'all'
UPDATE "users" SET "scope" = CASE WHEN "ward_id" IS NULL THEN 'all' ELSE 'ward' END;--> statement-breakpoint
UPDATE "users" u SET "province_id" = w."province_id" FROM "wards" w WHERE u."ward_id" = w."id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
-- Rows of an older database may point at records deleted before there were foreign keys. A link
-- that may be empty is emptied (and the repair written to the system log); a required one keeps its
-- value and its key is added NOT VALID (new writes are checked; the log names the table to fix).
DO $$
DECLARE
  fk record;
  n bigint;
  nullable boolean;
BEGIN
  FOR fk IN SELECT * FROM (VALUES
    ('audit_logs', 'actor_id', 'users', 'audit_logs_actor_id_users_id_fk', 'set null'),
    ('export_files', 'user_id', 'users', 'export_files_user_id_users_id_fk', 'cascade'),
    ('password_resets', 'user_id', 'users', 'password_resets_user_id_users_id_fk', 'cascade'),
    ('role_permissions', 'role_id', 'roles', 'role_permissions_role_id_roles_id_fk', 'cascade'),
    ('role_permissions', 'permission_id', 'permissions', 'role_permissions_permission_id_permissions_id_fk', 'cascade'),
    ('sessions', 'user_id', 'users', 'sessions_user_id_users_id_fk', 'cascade'),
    ('uploads', 'created_by', 'users', 'uploads_created_by_users_id_fk', 'set null'),
    ('administrative', 'ward_id', 'wards', 'administrative_ward_id_wards_id_fk', 'restrict'),
    ('administrative', 'role_id', 'roles_administrative', 'administrative_role_id_roles_administrative_id_fk', 'restrict'),
    ('administrative', 'created_by', 'users', 'administrative_created_by_users_id_fk', 'set null'),
    ('administrative', 'updated_by', 'users', 'administrative_updated_by_users_id_fk', 'set null'),
    ('animals', 'created_by', 'users', 'animals_created_by_users_id_fk', 'set null'),
    ('animals', 'updated_by', 'users', 'animals_updated_by_users_id_fk', 'set null'),
    ('apps', 'ward_id', 'wards', 'apps_ward_id_wards_id_fk', 'restrict'),
    ('apps', 'created_by', 'users', 'apps_created_by_users_id_fk', 'set null'),
    ('apps', 'updated_by', 'users', 'apps_updated_by_users_id_fk', 'set null'),
    ('criteria_seafoods', 'seafood_id', 'seafoods', 'criteria_seafoods_seafood_id_seafoods_id_fk', 'restrict'),
    ('criteria_seafoods', 'created_by', 'users', 'criteria_seafoods_created_by_users_id_fk', 'set null'),
    ('criteria_seafoods', 'updated_by', 'users', 'criteria_seafoods_updated_by_users_id_fk', 'set null'),
    ('distributors', 'ward_id', 'wards', 'distributors_ward_id_wards_id_fk', 'restrict'),
    ('distributors', 'created_by', 'users', 'distributors_created_by_users_id_fk', 'set null'),
    ('distributors', 'updated_by', 'users', 'distributors_updated_by_users_id_fk', 'set null'),
    ('districts', 'province_id', 'provinces', 'districts_province_id_provinces_id_fk', 'restrict'),
    ('districts', 'created_by', 'users', 'districts_created_by_users_id_fk', 'set null'),
    ('districts', 'updated_by', 'users', 'districts_updated_by_users_id_fk', 'set null'),
    ('farming_forms', 'created_by', 'users', 'farming_forms_created_by_users_id_fk', 'set null'),
    ('farming_forms', 'updated_by', 'users', 'farming_forms_updated_by_users_id_fk', 'set null'),
    ('labors', 'manufacture_id', 'manufactures', 'labors_manufacture_id_manufactures_id_fk', 'restrict'),
    ('labors', 'created_by', 'users', 'labors_created_by_users_id_fk', 'set null'),
    ('labors', 'updated_by', 'users', 'labors_updated_by_users_id_fk', 'set null'),
    ('manufactures', 'manufacturing_form_id', 'manufacturing_forms', 'manufactures_manufacturing_form_id_manufacturing_forms_id_fk', 'restrict'),
    ('manufactures', 'manufacturing_sector_id', 'manufacturing_sectors', 'manufactures_manufacturing_sector_id_manufacturing_sectors_id_fk', 'restrict'),
    ('manufactures', 'ward_id', 'wards', 'manufactures_ward_id_wards_id_fk', 'restrict'),
    ('manufactures', 'created_by', 'users', 'manufactures_created_by_users_id_fk', 'set null'),
    ('manufactures', 'updated_by', 'users', 'manufactures_updated_by_users_id_fk', 'set null'),
    ('manufacturing_forms', 'created_by', 'users', 'manufacturing_forms_created_by_users_id_fk', 'set null'),
    ('manufacturing_forms', 'updated_by', 'users', 'manufacturing_forms_updated_by_users_id_fk', 'set null'),
    ('manufacturing_sectors', 'created_by', 'users', 'manufacturing_sectors_created_by_users_id_fk', 'set null'),
    ('manufacturing_sectors', 'updated_by', 'users', 'manufacturing_sectors_updated_by_users_id_fk', 'set null'),
    ('material_areas', 'manufacture_id', 'manufactures', 'material_areas_manufacture_id_manufactures_id_fk', 'restrict'),
    ('material_areas', 'ward_id', 'wards', 'material_areas_ward_id_wards_id_fk', 'restrict'),
    ('material_areas', 'farming_form_id', 'farming_forms', 'material_areas_farming_form_id_farming_forms_id_fk', 'restrict'),
    ('material_areas', 'created_by', 'users', 'material_areas_created_by_users_id_fk', 'set null'),
    ('material_areas', 'updated_by', 'users', 'material_areas_updated_by_users_id_fk', 'set null'),
    ('plants', 'created_by', 'users', 'plants_created_by_users_id_fk', 'set null'),
    ('plants', 'updated_by', 'users', 'plants_updated_by_users_id_fk', 'set null'),
    ('product_animals', 'animal_id', 'animals', 'product_animals_animal_id_animals_id_fk', 'restrict'),
    ('product_animals', 'created_by', 'users', 'product_animals_created_by_users_id_fk', 'set null'),
    ('product_animals', 'updated_by', 'users', 'product_animals_updated_by_users_id_fk', 'set null'),
    ('product_groups', 'parent_id', 'product_groups', 'product_groups_parent_id_product_groups_id_fk', 'restrict'),
    ('product_groups', 'created_by', 'users', 'product_groups_created_by_users_id_fk', 'set null'),
    ('product_groups', 'updated_by', 'users', 'product_groups_updated_by_users_id_fk', 'set null'),
    ('product_plants', 'plant_id', 'plants', 'product_plants_plant_id_plants_id_fk', 'restrict'),
    ('product_plants', 'created_by', 'users', 'product_plants_created_by_users_id_fk', 'set null'),
    ('product_plants', 'updated_by', 'users', 'product_plants_updated_by_users_id_fk', 'set null'),
    ('product_units', 'created_by', 'users', 'product_units_created_by_users_id_fk', 'set null'),
    ('product_units', 'updated_by', 'users', 'product_units_updated_by_users_id_fk', 'set null'),
    ('products', 'product_group_id', 'product_groups', 'products_product_group_id_product_groups_id_fk', 'restrict'),
    ('products', 'product_unit_id', 'product_units', 'products_product_unit_id_product_units_id_fk', 'restrict'),
    ('products', 'manufacture_id', 'manufactures', 'products_manufacture_id_manufactures_id_fk', 'restrict'),
    ('products', 'farming_form_id', 'farming_forms', 'products_farming_form_id_farming_forms_id_fk', 'restrict'),
    ('products', 'created_by', 'users', 'products_created_by_users_id_fk', 'set null'),
    ('products', 'updated_by', 'users', 'products_updated_by_users_id_fk', 'set null'),
    ('provinces', 'created_by', 'users', 'provinces_created_by_users_id_fk', 'set null'),
    ('provinces', 'updated_by', 'users', 'provinces_updated_by_users_id_fk', 'set null'),
    ('regions', 'created_by', 'users', 'regions_created_by_users_id_fk', 'set null'),
    ('regions', 'updated_by', 'users', 'regions_updated_by_users_id_fk', 'set null'),
    ('roles', 'created_by', 'users', 'roles_created_by_users_id_fk', 'set null'),
    ('roles', 'updated_by', 'users', 'roles_updated_by_users_id_fk', 'set null'),
    ('roles_administrative', 'created_by', 'users', 'roles_administrative_created_by_users_id_fk', 'set null'),
    ('roles_administrative', 'updated_by', 'users', 'roles_administrative_updated_by_users_id_fk', 'set null'),
    ('seafoods', 'created_by', 'users', 'seafoods_created_by_users_id_fk', 'set null'),
    ('seafoods', 'updated_by', 'users', 'seafoods_updated_by_users_id_fk', 'set null'),
    ('users', 'role_id', 'roles', 'users_role_id_roles_id_fk', 'restrict'),
    ('users', 'province_id', 'provinces', 'users_province_id_provinces_id_fk', 'restrict'),
    ('users', 'ward_id', 'wards', 'users_ward_id_wards_id_fk', 'restrict'),
    ('users', 'created_by', 'users', 'users_created_by_users_id_fk', 'set null'),
    ('users', 'updated_by', 'users', 'users_updated_by_users_id_fk', 'set null'),
    ('wards', 'province_id', 'provinces', 'wards_province_id_provinces_id_fk', 'restrict'),
    ('wards', 'district_id', 'districts', 'wards_district_id_districts_id_fk', 'restrict'),
    ('wards', 'created_by', 'users', 'wards_created_by_users_id_fk', 'set null'),
    ('wards', 'updated_by', 'users', 'wards_updated_by_users_id_fk', 'set null')
  ) AS v(tbl, col, ref, name, rule) LOOP
    EXECUTE format('SELECT count(*) FROM %I t WHERE t.%I IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %I r WHERE r.id = t.%I)', fk.tbl, fk.col, fk.ref, fk.col) INTO n;
    SELECT c.is_nullable = 'YES' INTO nullable FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.table_name = fk.tbl AND c.column_name = fk.col;
    IF n > 0 AND nullable THEN
      EXECUTE format('UPDATE %I t SET %I = NULL WHERE t.%I IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %I r WHERE r.id = t.%I)', fk.tbl, fk.col, fk.col, fk.ref, fk.col);
    END IF;
    IF n > 0 THEN
      INSERT INTO audit_logs (action, subject, after) VALUES ('repair-reference', fk.tbl, jsonb_build_object(
        'column', fk.col, 'target', fk.ref, 'rows', n,
        'message', CASE WHEN nullable
          THEN format('Nâng cấp: %s dòng của bảng %s trỏ tới bản ghi không còn trong bảng %s; liên kết %s đã được để trống', n, fk.tbl, fk.ref, fk.col)
          ELSE format('Nâng cấp: %s dòng của bảng %s trỏ tới bản ghi không còn trong bảng %s; hãy sửa cột %s của các dòng này', n, fk.tbl, fk.ref, fk.col) END));
    END IF;
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES %I(id) ON DELETE %s ON UPDATE NO ACTION%s',
      fk.tbl, fk.name, fk.col, fk.ref, fk.rule, CASE WHEN n > 0 AND NOT nullable THEN ' NOT VALID' ELSE '' END);
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "users_scope_idx" ON "users" USING btree ("scope");--> statement-breakpoint
CREATE INDEX "users_province_id_idx" ON "users" USING btree ("province_id");
