ALTER TABLE "bug_reports" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_known" CHECK ("service_requests"."status" IN ('new', 'contacted', 'closed'));--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_status_known" CHECK ("bug_reports"."status" IN ('new', 'in_progress', 'resolved', 'wont_fix'));