CREATE TABLE "shop_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preflight_job" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Two starts of one layout's check at once could each queue a check before this index; the latest stays open.
UPDATE "preflight_job" SET "state" = 'failed', "error" = 'Проверка запущена повторно: результат — у последней проверки', "finished_at" = now()
WHERE "state" IN ('queued', 'running')
  AND "id" NOT IN (SELECT max("id") FROM "preflight_job" WHERE "state" IN ('queued', 'running') GROUP BY "layout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preflight_job_one_open_idx" ON "preflight_job" USING btree ("layout_id") WHERE "preflight_job"."state" IN ('queued', 'running');