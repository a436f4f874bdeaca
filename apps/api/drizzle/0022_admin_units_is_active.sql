ALTER TABLE "districts" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "provinces" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "wards" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
CREATE INDEX "districts_is_active_idx" ON "districts" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "provinces_is_active_idx" ON "provinces" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "wards_is_active_idx" ON "wards" USING btree ("is_active");