CREATE TABLE "mail_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "order_status_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" integer
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"idempotence_key" text NOT NULL,
	"request_json" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "payment_refund_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "payment_refund_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_refund_amount_check" CHECK ("payment_refund"."amount_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settlement" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"idempotence_key" text NOT NULL,
	"request_json" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settlement_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "payment_settlement_idempotence_key_unique" UNIQUE("idempotence_key"),
	CONSTRAINT "payment_settlement_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_settlement_amount_check" CHECK ("payment_settlement"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "order_news_by_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_order" ADD COLUMN "ready_date" text;--> statement-breakpoint
ALTER TABLE "client_order" ADD COLUMN "tracking_carrier" text;--> statement-breakpoint
ALTER TABLE "client_order" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "request_json" jsonb;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "size_limits" jsonb;--> statement-breakpoint
ALTER TABLE "mail_attachment" ADD CONSTRAINT "mail_attachment_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachment" ADD CONSTRAINT "mail_attachment_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_event" ADD CONSTRAINT "order_status_event_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_event" ADD CONSTRAINT "order_status_event_employee_id_account_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlement" ADD CONSTRAINT "payment_settlement_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settlement" ADD CONSTRAINT "payment_settlement_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachment_mail_idx" ON "mail_attachment" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "order_status_event_order_idx" ON "order_status_event" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "payment_refund_order_id_idx" ON "payment_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_settlement_order_id_idx" ON "payment_settlement" USING btree ("order_id");