-- Consumer scans of stamp pages (issue 14 §7, §10), written by hand because drizzle cannot declare
-- partitioning or triggers. `scans` is partitioned by month of scanned_at (PostgreSQL declarative
-- partitioning; PGlite the same); ensure_scan_partitions() creates a month's partition ahead and is
-- called by the server at start and daily (this month and the next two, as this migration does). `scan_daily` holds per day (UTC+7), product, producer and
-- ward the number of scans, first scans (activations) and flags, kept by a trigger on insert, so
-- statistics over a period never read raw scans. Ids are kept without foreign keys on purpose: a scan
-- is a log line that outlives what it names, and a key check per insert on hundreds of millions of
-- rows buys nothing there.
CREATE TABLE "scans" (
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stamp_code_id" bigint NOT NULL,
	"stamp_id" integer NOT NULL,
	"trace_id" integer,
	"product_id" integer NOT NULL,
	"manufacture_id" integer,
	"ward_id" integer,
	"first_scan" boolean DEFAULT false NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"user_agent" text,
	"ip" text,
	"lat" double precision,
	"long" double precision,
	"located_at" timestamp with time zone,
	PRIMARY KEY ("id", "scanned_at")
) PARTITION BY RANGE ("scanned_at");
--> statement-breakpoint
CREATE INDEX "scans_stamp_code_idx" ON "scans" USING btree ("stamp_code_id", "scanned_at");
--> statement-breakpoint
CREATE INDEX "scans_ip_idx" ON "scans" USING btree ("ip", "scanned_at");
--> statement-breakpoint
CREATE INDEX "scans_product_idx" ON "scans" USING btree ("product_id", "scanned_at");
--> statement-breakpoint
CREATE INDEX "scans_located_idx" ON "scans" USING btree ("scanned_at") WHERE "lat" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "scans_default" PARTITION OF "scans" DEFAULT;
--> statement-breakpoint
CREATE TABLE "scan_daily" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"manufacture_id" integer DEFAULT 0 NOT NULL,
	"ward_id" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"first_scans" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	-- a popular product's scans of one day would all update one row, one commit after another: eight
	-- rows per day and group (by scan id) let concurrent scans pass; readers sum them
	"slot" smallint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("day", "product_id", "manufacture_id", "ward_id", "slot")
);
--> statement-breakpoint
CREATE INDEX "scan_daily_product_idx" ON "scan_daily" USING btree ("product_id", "day");
--> statement-breakpoint
CREATE INDEX "scan_daily_ward_idx" ON "scan_daily" USING btree ("ward_id", "day");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scan_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
	SELECT ((t AT TIME ZONE 'UTC') + interval '7 hours')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scans_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- a restore loads scan_daily as it was (db/backup.ts sets this for its transaction)
	IF current_setting('nns.restoring', true) = 'on' THEN RETURN NULL; END IF;
	INSERT INTO scan_daily AS d (day, product_id, manufacture_id, ward_id, slot, scans, first_scans, flagged)
	VALUES (scan_day(NEW.scanned_at), NEW.product_id, coalesce(NEW.manufacture_id, 0), coalesce(NEW.ward_id, 0), NEW.id % 8, 1,
		CASE WHEN NEW.first_scan THEN 1 ELSE 0 END, CASE WHEN NEW.flagged THEN 1 ELSE 0 END)
	ON CONFLICT (day, product_id, manufacture_id, ward_id, slot) DO UPDATE
	SET scans = d.scans + 1, first_scans = d.first_scans + excluded.first_scans, flagged = d.flagged + excluded.flagged;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER scans_roll_up AFTER INSERT ON scans FOR EACH ROW EXECUTE FUNCTION scans_roll_up();
--> statement-breakpoint
-- The partition of the month holding `at` (UTC months), created when missing. Rows already in the
-- default partition for that month (a server that was down for months) are moved into it.
CREATE OR REPLACE FUNCTION ensure_scan_partition(at timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	m timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
	n timestamptz := m + interval '1 month';
	name text := 'scans_' || to_char(m AT TIME ZONE 'UTC', 'YYYYMM');
BEGIN
	IF to_regclass(name) IS NOT NULL THEN RETURN name; END IF;
	PERFORM pg_advisory_xact_lock(72610014);
	IF to_regclass(name) IS NOT NULL THEN RETURN name; END IF;
	EXECUTE format('CREATE TABLE %I (LIKE scans INCLUDING DEFAULTS)', name);
	EXECUTE format('INSERT INTO %I OVERRIDING SYSTEM VALUE SELECT * FROM scans_default WHERE scanned_at >= %L AND scanned_at < %L', name, m, n);
	EXECUTE format('DELETE FROM scans_default WHERE scanned_at >= %L AND scanned_at < %L', m, n);
	EXECUTE format('ALTER TABLE scans ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, m, n);
	RETURN name;
END
$$;
--> statement-breakpoint
SELECT ensure_scan_partition(now());
--> statement-breakpoint
SELECT ensure_scan_partition(now() + interval '1 month');
--> statement-breakpoint
SELECT ensure_scan_partition(now() + interval '2 month');
