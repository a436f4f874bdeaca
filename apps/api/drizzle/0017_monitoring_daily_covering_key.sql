-- A station's chart of a year at daily interval reads ~2,555 rows of monitoring_daily, one per heap page
-- (the ingest interleaves stations): its primary key now carries the values (INCLUDE), so the chart is
-- an index-only scan. Same key columns, same name: `on conflict (station_id, param, bucket)` still
-- infers it. drizzle cannot declare INCLUDE; the schema (core.ts, rollup) says so.
ALTER TABLE "monitoring_daily" DROP CONSTRAINT "monitoring_daily_station_id_param_bucket_pk";--> statement-breakpoint
ALTER TABLE "monitoring_daily" ADD CONSTRAINT "monitoring_daily_station_id_param_bucket_pk" PRIMARY KEY ("station_id","param","bucket") INCLUDE ("n","sum","min","max");
