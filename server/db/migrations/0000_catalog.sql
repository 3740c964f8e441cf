CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_sort_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_from_kopecks" integer NOT NULL,
	"discount_pct" integer DEFAULT 0 NOT NULL,
	"price_after_discount_kopecks" integer GENERATED ALWAYS AS ((((price_from_kopecks::bigint * (100 - discount_pct)) + 50) / 100)::integer) STORED NOT NULL,
	"production_time_day" integer NOT NULL,
	"times_ordered" integer DEFAULT 0 NOT NULL,
	"seo_name" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_category_id_slug_unique" UNIQUE("category_id","slug"),
	CONSTRAINT "product_price_from_kopecks_check" CHECK ("product"."price_from_kopecks" >= 0),
	CONSTRAINT "product_discount_pct_check" CHECK ("product"."discount_pct" BETWEEN 0 AND 100),
	CONSTRAINT "product_production_time_day_check" CHECK ("product"."production_time_day" >= 1),
	CONSTRAINT "product_times_ordered_check" CHECK ("product"."times_ordered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"seo_name" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_keywords" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_category_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_product_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_category_id_idx" ON "product" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_name_sort_key_idx" ON "product" USING btree ("name_sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "product_times_ordered_idx" ON "product" USING btree ("times_ordered","id");