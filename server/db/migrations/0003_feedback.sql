CREATE TABLE "feedback_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"page_url" text,
	"account_id" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_request" ADD CONSTRAINT "feedback_request_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_request_created_at_idx" ON "feedback_request" USING btree ("created_at");