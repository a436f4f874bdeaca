CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"description" text,
	"sort_order" integer DEFAULT 0,
	"is_active" boolean DEFAULT true,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"summary" text,
	"content" text NOT NULL,
	"thumbnail" text,
	"article_type_id" integer,
	"category_id" integer,
	"tag_ids" integer[],
	"author" text,
	"status" text DEFAULT 'draft',
	"is_published" boolean DEFAULT false,
	"published_at" timestamp with time zone,
	"take_down_reason" text,
	"taken_down_at" timestamp with time zone,
	"is_hot" boolean DEFAULT false,
	"is_highlight" boolean DEFAULT false,
	"view_count" integer DEFAULT 0,
	"seo_title" text,
	"seo_description" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"parent_id" integer,
	"description" text,
	"sort_order" integer DEFAULT 0,
	"status" boolean DEFAULT true,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"title" text,
	"alt" text,
	"width" integer,
	"height" integer,
	"size" integer,
	"mime" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'images' NOT NULL,
	"cover" text,
	"description" text,
	"images" jsonb,
	"documents" jsonb,
	"sort_order" integer DEFAULT 0,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"source" text DEFAULT 'youtube' NOT NULL,
	"url" text,
	"file" text,
	"thumbnail" text,
	"thumbnail_url" text,
	"embed_url" text,
	"description" text,
	"sort_order" integer DEFAULT 0,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_text" text,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_types" ADD CONSTRAINT "article_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_types" ADD CONSTRAINT "article_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_article_type_id_article_types_id_fk" FOREIGN KEY ("article_type_id") REFERENCES "public"."article_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libraries" ADD CONSTRAINT "libraries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libraries" ADD CONSTRAINT "libraries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_types_name_uq" ON "article_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "article_types_slug_uq" ON "article_types" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "article_types_sort_order_idx" ON "article_types" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "article_types_is_active_idx" ON "article_types" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "article_types_search_idx" ON "article_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "article_types_search_tsv_idx" ON "article_types" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "article_types_created_at_idx" ON "article_types" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "articles_title_idx" ON "articles" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_uq" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_article_type_id_idx" ON "articles" USING btree ("article_type_id");--> statement-breakpoint
CREATE INDEX "articles_category_id_idx" ON "articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "articles_status_idx" ON "articles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "articles_is_published_idx" ON "articles" USING btree ("is_published");--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "articles_is_hot_idx" ON "articles" USING btree ("is_hot");--> statement-breakpoint
CREATE INDEX "articles_is_highlight_idx" ON "articles" USING btree ("is_highlight");--> statement-breakpoint
CREATE INDEX "articles_view_count_idx" ON "articles" USING btree ("view_count");--> statement-breakpoint
CREATE INDEX "articles_is_published_published_at_id_idx" ON "articles" USING btree ("is_published","published_at","id");--> statement-breakpoint
CREATE INDEX "articles_category_id_is_published_published_at_idx" ON "articles" USING btree ("category_id","is_published","published_at");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_search_tsv_idx" ON "articles" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_sort_order_idx" ON "categories" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "categories_status_idx" ON "categories" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_id_name_uq" ON "categories" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_tsv_idx" ON "categories" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_file_uq" ON "images" USING btree ("file");--> statement-breakpoint
CREATE INDEX "images_title_idx" ON "images" USING btree ("title");--> statement-breakpoint
CREATE INDEX "images_search_idx" ON "images" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "images_search_tsv_idx" ON "images" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "libraries_name_idx" ON "libraries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "libraries_kind_idx" ON "libraries" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "libraries_sort_order_idx" ON "libraries" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "libraries_status_idx" ON "libraries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "libraries_search_idx" ON "libraries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "libraries_search_tsv_idx" ON "libraries" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "libraries_created_at_idx" ON "libraries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_uq" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tags_search_idx" ON "tags" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_search_tsv_idx" ON "tags" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "tags_created_at_idx" ON "tags" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "videos_title_idx" ON "videos" USING btree ("title");--> statement-breakpoint
CREATE INDEX "videos_source_idx" ON "videos" USING btree ("source");--> statement-breakpoint
CREATE INDEX "videos_sort_order_idx" ON "videos" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_tsv_idx" ON "videos" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at");