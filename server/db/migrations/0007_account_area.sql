CREATE TABLE "design_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"design_order_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"kind" text NOT NULL,
	"order_id" integer,
	"design_order_id" integer,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_text_check" CHECK (length("notification"."title") > 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "design_message" ADD CONSTRAINT "design_message_design_order_id_design_order_id_fk" FOREIGN KEY ("design_order_id") REFERENCES "public"."design_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_message" ADD CONSTRAINT "design_message_author_id_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_token" ADD CONSTRAINT "email_token_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_order_id_client_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_design_order_id_design_order_id_fk" FOREIGN KEY ("design_order_id") REFERENCES "public"."design_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_message_design_order_idx" ON "design_message" USING btree ("design_order_id","created_at");--> statement-breakpoint
CREATE INDEX "email_token_account_idx" ON "email_token" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "email_token_expires_idx" ON "email_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_account_idx" ON "notification" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "client_order_status_idx" ON "client_order" USING btree ("status","created_at");--> statement-breakpoint
-- Accounts registered before e-mail confirmation existed count as confirmed.
UPDATE "account" SET "email_confirmed_at" = "created_at" WHERE NOT "temporary";
