ALTER TABLE "users" ADD COLUMN "manufacture_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_manufacture_id_idx" ON "users" USING btree ("manufacture_id");