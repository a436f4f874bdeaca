ALTER TABLE "stamp_codes" ADD COLUMN "scanner_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD COLUMN "scanner_base" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD COLUMN "anomaly_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD COLUMN "cleared_by" integer;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD COLUMN "cleared_reason" text;--> statement-breakpoint
ALTER TABLE "stamp_codes" ADD CONSTRAINT "stamp_codes_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_codes_marked_idx" ON "stamp_codes" USING btree ("stamp_id","serial") WHERE flagged or anomaly_at is not null;--> statement-breakpoint
-- Scans (a hand-made partitioned table, 0008) learn who scanned (issue 28 §1): the hash of the client's
-- cookie, the hash of its address and browser, the hash of the scan token the page returned (a location
-- is attached with it, not with the sequential id), and whether the scan was a new scanner of its code.
ALTER TABLE "scans" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "addr" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "new_scanner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Scanners before this release: one per address and browser of a code's scans.
UPDATE "stamp_codes" sc SET "scanner_count" = x.n
FROM (SELECT stamp_code_id, count(DISTINCT (ip, coalesce(user_agent, '')))::int AS n FROM scans GROUP BY stamp_code_id) x
WHERE x.stamp_code_id = sc.id;--> statement-breakpoint
-- A flag from the old rule (page views, or one client's own far-apart locations) is not a verdict: it
-- becomes the anomaly mark an officer reviews and clears; the public page asks to check the seal.
UPDATE "stamp_codes" SET "anomaly_at" = coalesce("last_scan_at", now()), "flagged" = false WHERE "flagged";
