CREATE TABLE "discharge_constructs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"owner" text,
	"wastewater_type" smallint NOT NULL,
	"ward_id" integer NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"permit_number" text,
	"permit_date" timestamp with time zone,
	"permit_issuer" text,
	"permit_expiry" timestamp with time zone,
	"permitted_flow" double precision NOT NULL,
	"receiving_water" text,
	"treatment_technology" text,
	"standard_code" text,
	"limit_column" text DEFAULT 'B' NOT NULL,
	"k_factor" double precision,
	"kq" double precision,
	"kf" double precision,
	"public_status" smallint DEFAULT 2 NOT NULL,
	"announce" smallint DEFAULT 2 NOT NULL,
	"documents" jsonb,
	"note" text,
	"last_flow" double precision,
	"last_measured_date" timestamp with time zone,
	"last_exceeded_date" timestamp with time zone,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "discharge_inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"construct_id" integer NOT NULL,
	"survey_year" integer NOT NULL,
	"survey_date" timestamp with time zone,
	"wastewater_sources" text,
	"treatment_system" text,
	"monitoring_regime" text,
	"compliance_findings" text,
	"inspector" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "discharge_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"standard_code" text NOT NULL,
	"column" text NOT NULL,
	"parameter" text NOT NULL,
	"limit_min" double precision,
	"limit_max" double precision,
	"unit" text,
	"k_applies" boolean DEFAULT true,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "discharge_traffic" (
	"id" serial PRIMARY KEY NOT NULL,
	"construct_id" integer NOT NULL,
	"measured_date" timestamp with time zone NOT NULL,
	"flow" double precision NOT NULL,
	"ph" double precision,
	"bod5" double precision,
	"cod" double precision,
	"tss" double precision,
	"nh4" double precision,
	"coliform" double precision,
	"tds" double precision,
	"sulfide" double precision,
	"no3" double precision,
	"oil_fat" double precision,
	"surfactants" double precision,
	"po4" double precision,
	"total_n" double precision,
	"total_p" double precision,
	"fe" double precision,
	"mn" double precision,
	"pb" double precision,
	"as" double precision,
	"hg" double precision,
	"cd" double precision,
	"cr6" double precision,
	"cu" double precision,
	"zn" double precision,
	"ni" double precision,
	"mineral_oil" double precision,
	"phenol" double precision,
	"cyanide" double precision,
	"note" text,
	"status" smallint,
	"exceeded" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD CONSTRAINT "discharge_constructs_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD CONSTRAINT "discharge_constructs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD CONSTRAINT "discharge_constructs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_inventory" ADD CONSTRAINT "discharge_inventory_construct_id_discharge_constructs_id_fk" FOREIGN KEY ("construct_id") REFERENCES "public"."discharge_constructs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_inventory" ADD CONSTRAINT "discharge_inventory_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_inventory" ADD CONSTRAINT "discharge_inventory_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_limits" ADD CONSTRAINT "discharge_limits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_limits" ADD CONSTRAINT "discharge_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD CONSTRAINT "discharge_traffic_construct_id_discharge_constructs_id_fk" FOREIGN KEY ("construct_id") REFERENCES "public"."discharge_constructs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD CONSTRAINT "discharge_traffic_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD CONSTRAINT "discharge_traffic_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discharge_constructs_code_uq" ON "discharge_constructs" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discharge_constructs_name_idx" ON "discharge_constructs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "discharge_constructs_wastewater_type_idx" ON "discharge_constructs" USING btree ("wastewater_type");--> statement-breakpoint
CREATE INDEX "discharge_constructs_ward_id_idx" ON "discharge_constructs" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "discharge_constructs_permit_expiry_idx" ON "discharge_constructs" USING btree ("permit_expiry");--> statement-breakpoint
CREATE INDEX "discharge_constructs_public_status_idx" ON "discharge_constructs" USING btree ("public_status");--> statement-breakpoint
CREATE INDEX "discharge_constructs_announce_idx" ON "discharge_constructs" USING btree ("announce");--> statement-breakpoint
CREATE INDEX "discharge_constructs_last_measured_date_idx" ON "discharge_constructs" USING btree ("last_measured_date");--> statement-breakpoint
CREATE INDEX "discharge_constructs_last_exceeded_date_idx" ON "discharge_constructs" USING btree ("last_exceeded_date");--> statement-breakpoint
CREATE INDEX "discharge_constructs_search_idx" ON "discharge_constructs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discharge_constructs_search_tsv_idx" ON "discharge_constructs" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "discharge_constructs_created_at_idx" ON "discharge_constructs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discharge_inventory_construct_id_idx" ON "discharge_inventory" USING btree ("construct_id");--> statement-breakpoint
CREATE INDEX "discharge_inventory_survey_year_idx" ON "discharge_inventory" USING btree ("survey_year");--> statement-breakpoint
CREATE UNIQUE INDEX "discharge_inventory_construct_id_survey_year_uq" ON "discharge_inventory" USING btree ("construct_id","survey_year");--> statement-breakpoint
CREATE INDEX "discharge_inventory_created_at_idx" ON "discharge_inventory" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discharge_limits_standard_code_idx" ON "discharge_limits" USING btree ("standard_code");--> statement-breakpoint
CREATE INDEX "discharge_limits_column_idx" ON "discharge_limits" USING btree ("column");--> statement-breakpoint
CREATE INDEX "discharge_limits_parameter_idx" ON "discharge_limits" USING btree ("parameter");--> statement-breakpoint
CREATE UNIQUE INDEX "discharge_limits_standard_code_column_parameter_uq" ON "discharge_limits" USING btree ("standard_code","column","parameter");--> statement-breakpoint
CREATE INDEX "discharge_limits_search_idx" ON "discharge_limits" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discharge_limits_search_tsv_idx" ON "discharge_limits" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "discharge_limits_created_at_idx" ON "discharge_limits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discharge_traffic_construct_id_idx" ON "discharge_traffic" USING btree ("construct_id");--> statement-breakpoint
CREATE INDEX "discharge_traffic_measured_date_idx" ON "discharge_traffic" USING btree ("measured_date");--> statement-breakpoint
CREATE INDEX "discharge_traffic_status_idx" ON "discharge_traffic" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "discharge_traffic_construct_id_measured_date_uq" ON "discharge_traffic" USING btree ("construct_id","measured_date");--> statement-breakpoint
CREATE INDEX "discharge_traffic_construct_id_measured_date_id_idx" ON "discharge_traffic" USING btree ("construct_id","measured_date","id");--> statement-breakpoint
CREATE INDEX "discharge_traffic_created_at_idx" ON "discharge_traffic" USING btree ("created_at");--> statement-breakpoint
-- the two standards of DOMAIN.md 'Wastewater limits' (QCVN 14:2008/BTNMT, QCVN 40:2011/BTNMT), columns A and B
INSERT INTO "discharge_limits" ("standard_code", "column", "parameter", "limit_min", "limit_max", "unit", "k_applies", "search_text") VALUES
('QCVN 14:2008/BTNMT', 'A', 'ph', 5, 9, '', false, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'ph', 5, 9, '', false, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'bod5', null, 30, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'bod5', null, 50, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'tss', null, 50, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'tss', null, 100, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'tds', null, 500, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'tds', null, 1000, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'sulfide', null, 1, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'sulfide', null, 4, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'nh4', null, 5, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'nh4', null, 10, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'no3', null, 30, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'no3', null, 50, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'oil_fat', null, 10, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'oil_fat', null, 20, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'surfactants', null, 5, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'surfactants', null, 10, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'po4', null, 6, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'po4', null, 10, 'mg/L', true, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'A', 'coliform', null, 3000, 'MPN/100 mL', false, 'qcvn 14:2008/btnmt'),
('QCVN 14:2008/BTNMT', 'B', 'coliform', null, 5000, 'MPN/100 mL', false, 'qcvn 14:2008/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'ph', 6, 9, '', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'ph', 5.5, 9, '', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'bod5', null, 30, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'bod5', null, 50, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cod', null, 75, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cod', null, 150, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'tss', null, 50, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'tss', null, 100, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'nh4', null, 5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'nh4', null, 10, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'total_n', null, 20, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'total_n', null, 40, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'total_p', null, 4, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'total_p', null, 6, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'coliform', null, 3000, 'MPN/100 mL', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'coliform', null, 5000, 'MPN/100 mL', false, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'fe', null, 1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'fe', null, 5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'mn', null, 0.5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'mn', null, 1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'pb', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'pb', null, 0.5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'as', null, 0.05, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'as', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'hg', null, 0.005, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'hg', null, 0.01, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cd', null, 0.05, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cd', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cr6', null, 0.05, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cr6', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cu', null, 2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cu', null, 2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'zn', null, 3, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'zn', null, 3, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'ni', null, 0.2, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'ni', null, 0.5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'mineral_oil', null, 5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'mineral_oil', null, 10, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'phenol', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'phenol', null, 0.5, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'A', 'cyanide', null, 0.07, 'mg/L', true, 'qcvn 40:2011/btnmt'),
('QCVN 40:2011/BTNMT', 'B', 'cyanide', null, 0.1, 'mg/L', true, 'qcvn 40:2011/btnmt');
