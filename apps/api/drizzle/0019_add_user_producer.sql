ALTER TABLE "discharge_constructs" ALTER COLUMN "permitted_flow" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "k_class" text;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "kq_class" text;--> statement-breakpoint
ALTER TABLE "discharge_constructs" ADD COLUMN "kf_class" text;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "temperature" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "colour" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "cr3" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "fluoride" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "chloride" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "residual_chlorine" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pesticides_oc" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pesticides_op" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "pcb" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "gross_alpha" double precision;--> statement-breakpoint
ALTER TABLE "discharge_traffic" ADD COLUMN "gross_beta" double precision;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "provinces" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "manufacture_id" integer;--> statement-breakpoint
ALTER TABLE "wards" ADD COLUMN "is_active" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manufacture_id_manufactures_id_fk" FOREIGN KEY ("manufacture_id") REFERENCES "public"."manufactures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_is_active_idx" ON "districts" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "provinces_is_active_idx" ON "provinces" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "users_manufacture_id_idx" ON "users" USING btree ("manufacture_id");--> statement-breakpoint
CREATE INDEX "wards_is_active_idx" ON "wards" USING btree ("is_active");