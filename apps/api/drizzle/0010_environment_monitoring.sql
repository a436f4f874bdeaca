CREATE TABLE "monitoring_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"peak" double precision,
	"peak_param" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"ward_id" integer,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "monitoring_daily" (
	"station_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"param" text NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "monitoring_daily_station_id_param_bucket_pk" PRIMARY KEY("station_id","param","bucket")
);
--> statement-breakpoint
CREATE TABLE "monitoring_hourly" (
	"station_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"param" text NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "monitoring_hourly_station_id_param_bucket_pk" PRIMARY KEY("station_id","param","bucket")
);
--> statement-breakpoint
CREATE TABLE "monitoring_station_state" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"band1_since" timestamp with time zone,
	"clear_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitorings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"ward_id" integer NOT NULL,
	"address" text,
	"lat" double precision,
	"long" double precision,
	"status" smallint DEFAULT 1 NOT NULL,
	"expected_interval_minutes" integer DEFAULT 10 NOT NULL,
	"device_key_hash" text,
	"last_band" integer,
	"last_values" jsonb,
	"last_reading_at" timestamp with time zone,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_station_id_monitorings_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."monitorings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_configs" ADD CONSTRAINT "monitoring_configs_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_configs" ADD CONSTRAINT "monitoring_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_daily" ADD CONSTRAINT "monitoring_daily_station_id_monitorings_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."monitorings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_hourly" ADD CONSTRAINT "monitoring_hourly_station_id_monitorings_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."monitorings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_station_state" ADD CONSTRAINT "monitoring_station_state_station_id_monitorings_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."monitorings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitorings" ADD CONSTRAINT "monitorings_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitorings" ADD CONSTRAINT "monitorings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitorings" ADD CONSTRAINT "monitorings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alerts_open_uq" ON "monitoring_alerts" USING btree ("station_id","kind") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "monitoring_alerts_station_started_idx" ON "monitoring_alerts" USING btree ("station_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_configs_type_ward_uq" ON "monitoring_configs" USING btree ("type","ward_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_configs_type_default_uq" ON "monitoring_configs" USING btree ("type") WHERE ward_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "monitorings_code_uq" ON "monitorings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "monitorings_name_idx" ON "monitorings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "monitorings_type_idx" ON "monitorings" USING btree ("type");--> statement-breakpoint
CREATE INDEX "monitorings_ward_id_idx" ON "monitorings" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "monitorings_status_idx" ON "monitorings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "monitorings_device_key_hash_uq" ON "monitorings" USING btree ("device_key_hash");--> statement-breakpoint
CREATE INDEX "monitorings_last_reading_at_idx" ON "monitorings" USING btree ("last_reading_at");--> statement-breakpoint
CREATE INDEX "monitorings_search_idx" ON "monitorings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "monitorings_search_tsv_idx" ON "monitorings" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "monitorings_created_at_idx" ON "monitorings" USING btree ("created_at");--> statement-breakpoint
-- Raw readings, partitioned by month of measured_at (drizzle cannot declare partitioning, so the
-- table lives here and in modules/monitoring/partitions.ts); the server creates each month's
-- partition ahead (and on demand for late readings) and drops those older than the retention.
-- The primary key makes a resent reading (same station, same time) a no-op.
CREATE TABLE "monitoring_readings" (
	"station_id" integer NOT NULL REFERENCES "monitorings"("id") ON DELETE cascade,
	"measured_at" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"band" smallint,
	"aqi" integer,
	"aqi_dominant" text,
	"wqi" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_readings_pk" PRIMARY KEY("station_id","measured_at")
) PARTITION BY RANGE ("measured_at");
