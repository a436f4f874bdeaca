CREATE TABLE "insect_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scientific_name" text,
	"pests" text,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "seafoods" ADD COLUMN "ward_ids" integer[];--> statement-breakpoint
ALTER TABLE "insect_orders" ADD CONSTRAINT "insect_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insect_orders" ADD CONSTRAINT "insect_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insect_orders_code_uq" ON "insect_orders" USING btree ("code");--> statement-breakpoint
CREATE INDEX "insect_orders_name_idx" ON "insect_orders" USING btree ("name");--> statement-breakpoint
CREATE INDEX "insect_orders_status_idx" ON "insect_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "insect_orders_search_idx" ON "insect_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insect_orders_search_tsv_idx" ON "insect_orders" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "insect_orders_created_at_idx" ON "insect_orders" USING btree ("created_at");