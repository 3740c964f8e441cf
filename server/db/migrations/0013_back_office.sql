CREATE TABLE "audit_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" integer,
	"employee_name" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_order" ADD COLUMN "promocode_id" integer;--> statement-breakpoint
ALTER TABLE "design_order" ADD COLUMN "designer_id" integer;--> statement-breakpoint
ALTER TABLE "design_order" ADD COLUMN "price_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "design_order" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "design_order" ADD COLUMN "result_layout_id" integer;--> statement-breakpoint
ALTER TABLE "design_order" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "layout" ADD COLUMN "uploaded_by_id" integer;--> statement-breakpoint
ALTER TABLE "layout" ADD COLUMN "prepress_decision" text;--> statement-breakpoint
ALTER TABLE "layout" ADD COLUMN "prepress_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "layout" ADD COLUMN "prepress_by_id" integer;--> statement-breakpoint
ALTER TABLE "layout" ADD COLUMN "prepress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_category" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_service" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "product_service" ADD COLUMN "production_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promocode" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promocode" ADD COLUMN "usage_limit_total" integer;--> statement-breakpoint
ALTER TABLE "promocode" ADD COLUMN "usage_limit_per_client" integer;--> statement-breakpoint
ALTER TABLE "promocode" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promocode" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "self_pickup_point" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "website_page" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD CONSTRAINT "audit_entry_employee_id_account_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entry_object_idx" ON "audit_entry" USING btree ("object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "audit_entry_employee_idx" ON "audit_entry" USING btree ("employee_id","at");--> statement-breakpoint
CREATE INDEX "audit_entry_at_idx" ON "audit_entry" USING btree ("at");--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_designer_id_account_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_order" ADD CONSTRAINT "design_order_result_layout_id_layout_id_fk" FOREIGN KEY ("result_layout_id") REFERENCES "public"."layout"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout" ADD CONSTRAINT "layout_uploaded_by_id_account_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout" ADD CONSTRAINT "layout_prepress_by_id_account_id_fk" FOREIGN KEY ("prepress_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_service" ADD CONSTRAINT "product_service_category_id_product_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_order_promocode_id_idx" ON "client_order" USING btree ("promocode_id","account_id");--> statement-breakpoint
UPDATE "account" SET "roles" = '{admin,manager}'::text[] WHERE "type_user" = 'employee';
