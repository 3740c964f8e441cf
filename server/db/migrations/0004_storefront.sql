CREATE TABLE "balance_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"amount_kopecks" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"promocode_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"payment_type" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_account_company_unique" UNIQUE NULLS NOT DISTINCT("account_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "client_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"placed_by_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"payment_type" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"items_kopecks" integer NOT NULL,
	"discount_kopecks" integer DEFAULT 0 NOT NULL,
	"delivery_kopecks" integer DEFAULT 0 NOT NULL,
	"total_kopecks" integer NOT NULL,
	"vat_kopecks" integer NOT NULL,
	"promocode_code" text,
	"comment" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"invoice_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "client_order_number_unique" UNIQUE("number"),
	CONSTRAINT "client_order_account_idempotency_unique" UNIQUE("account_id","idempotency_key"),
	CONSTRAINT "client_order_total_check" CHECK ("client_order"."total_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"order_id" integer,
	"delivery_type" text NOT NULL,
	"city_kladr_id" text NOT NULL,
	"delivery_method" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"recipient_id" integer,
	"tariff_code" text,
	"pickup_point_code" text,
	"price_kopecks" integer DEFAULT 0 NOT NULL,
	"delivery_date" text,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_owner_check" CHECK ("delivery"."cart_id" IS NOT NULL OR "delivery"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "design_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"order_product_id" integer,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"detail_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"annotated_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layout" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"detail_name" text NOT NULL,
	"file_id" integer NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"findings" jsonb,
	"browser_findings" jsonb,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"unit_price_kopecks" integer NOT NULL,
	"price_kopecks" integer NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"production_time_day" integer NOT NULL,
	"in_order" boolean DEFAULT true NOT NULL,
	"repeat_of_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_product_quantity_check" CHECK ("order_product"."quantity" >= 1),
	CONSTRAINT "order_product_owner_check" CHECK ("order_product"."cart_id" IS NOT NULL OR "order_product"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"confirmation_url" text,
	"idempotence_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "payment_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
CREATE TABLE "preflight_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"layout_id" integer NOT NULL,
	"profile" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"findings" jsonb,
	"error" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"profile" jsonb NOT NULL,
	"requires_option_code" text,
	CONSTRAINT "product_detail_product_name_unique" UNIQUE("product_id","name")
);
--> statement-breakpoint
CREATE TABLE "product_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"group" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"price_pct" integer DEFAULT 100 NOT NULL,
	"unit_price_kopecks" integer DEFAULT 0 NOT NULL,
	"setup_price_kopecks" integer DEFAULT 0 NOT NULL,
	"width_mm" integer,
	"height_mm" integer,
	"paper_gsm" integer,
	"sides" integer,
	CONSTRAINT "product_option_product_group_code_unique" UNIQUE("product_id","group","code"),
	CONSTRAINT "product_option_price_pct_check" CHECK ("product_option"."price_pct" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "product_price_tier" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_kopecks" integer NOT NULL,
	CONSTRAINT "product_price_tier_product_min_unique" UNIQUE("product_id","min_quantity"),
	CONSTRAINT "product_price_tier_min_quantity_check" CHECK ("product_price_tier"."min_quantity" >= 1),
	CONSTRAINT "product_price_tier_unit_price_check" CHECK ("product_price_tier"."unit_price_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_service" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_kopecks" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"photo_path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_service_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "promocode" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_sum_kopecks" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocode_code_unique" UNIQUE("code"),
	CONSTRAINT "promocode_value_check" CHECK ("promocode"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_account_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "website_block" (
	"key" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pad_banner_path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"show_in_menu" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"seo_name" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_keywords" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian', coalesce(name, '')), 'A') || setweight(to_tsvector('russian', coalesce(summary, '')), 'B') || setweight(to_tsvector('russian', coalesce(body_text, '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_page_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "urgent_production_time_day" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "urgent_surcharge_pct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sheets_per_unit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian', coalesce(name, '')), 'A') || setweight(to_tsvector('russian', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_entry" ADD CONSTRAINT "balance_entry_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entry" ADD CONSTRAINT "balance_entry_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entry" ADD CONSTRAINT "balance_entry_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_promocode_id_promocode_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocode"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_order" ADD CONSTRAINT "client_order_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_order" ADD CONSTRAINT "client_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_order" ADD CONSTRAINT "client_order_placed_by_id_account_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_order" ADD CONSTRAINT "client_order_invoice_file_id_stored_file_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_recipient_id_recipient_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipient"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_order_product_id_order_product_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_annotated_file_id_stored_file_id_fk" FOREIGN KEY ("annotated_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout" ADD CONSTRAINT "layout_order_product_id_order_product_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout" ADD CONSTRAINT "layout_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product" ADD CONSTRAINT "order_product_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product" ADD CONSTRAINT "order_product_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product" ADD CONSTRAINT "order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product" ADD CONSTRAINT "order_product_repeat_of_id_order_product_id_fk" FOREIGN KEY ("repeat_of_id") REFERENCES "public"."order_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preflight_job" ADD CONSTRAINT "preflight_job_layout_id_layout_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_detail" ADD CONSTRAINT "product_detail_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option" ADD CONSTRAINT "product_option_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_tier" ADD CONSTRAINT "product_price_tier_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_owner_account_id_account_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page" ADD CONSTRAINT "website_page_parent_id_website_page_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."website_page"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_entry_account_idx" ON "balance_entry" USING btree ("account_id","company_id");--> statement-breakpoint
CREATE INDEX "client_order_account_id_idx" ON "client_order" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_cart_id_idx" ON "delivery" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "delivery_order_id_idx" ON "delivery" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "design_order_account_idx" ON "design_order" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "layout_order_product_id_idx" ON "layout" USING btree ("order_product_id","detail_name");--> statement-breakpoint
CREATE INDEX "order_product_cart_id_idx" ON "order_product" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "order_product_order_id_idx" ON "order_product" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_order_id_idx" ON "payment" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "preflight_job_state_idx" ON "preflight_job" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "product_option_product_id_idx" ON "product_option" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "website_page_kind_idx" ON "website_page" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "website_page_parent_id_idx" ON "website_page" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "website_page_search_idx" ON "website_page" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "product_search_idx" ON "product" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_urgent_surcharge_pct_check" CHECK ("product"."urgent_surcharge_pct" BETWEEN 0 AND 500);