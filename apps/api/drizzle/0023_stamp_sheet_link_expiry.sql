ALTER TABLE "stamp_print_jobs" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "stamp_print_jobs" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_print_jobs_link_token_uq" ON "stamp_print_jobs" USING btree ("link_token");--> statement-breakpoint
-- sheets printed before: their link is the file's own token, already past its hour unless printed within it
UPDATE "stamp_print_jobs" SET "link_token" = substring("file_key" from '^stamp-sheets/([A-Za-z0-9_-]+)\.pdf$'), "link_expires_at" = "created_at" + interval '1 hour' WHERE "file_key" IS NOT NULL;
