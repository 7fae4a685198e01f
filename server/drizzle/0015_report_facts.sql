-- Report facts (server/src/modules/reports/schema.ts; docs/api.md, Reports): one row per open period and counts
-- per conversation and quarter hour, kept by triggers on messages and conversation_status_changes, so every
-- writer (webhooks, sends, contact merges, seeds, tests) keeps them exact; filled in from the existing rows at
-- the end. The index of the account's messages by time that reports scanned before is dropped: nothing else
-- reads it, and each message stored or status changed wrote an entry into it.
CREATE TABLE "report_message_counts" (
	"conversation_id" uuid NOT NULL,
	"quarter_at" timestamp (3) with time zone NOT NULL,
	"account_id" uuid NOT NULL,
	"incoming" integer DEFAULT 0 NOT NULL,
	"outgoing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_message_counts_conversation_id_quarter_at_pk" PRIMARY KEY("conversation_id","quarter_at")
);
--> statement-breakpoint
CREATE TABLE "report_periods" (
	"conversation_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"first_reply_at" timestamp (3) with time zone,
	"first_reply_user_id" uuid,
	"first_reply_from" text,
	"response_seconds" double precision GENERATED ALWAYS AS (extract(epoch from (first_reply_at - started_at))::float8) STORED,
	"resolution_seconds" double precision GENERATED ALWAYS AS (extract(epoch from (closed_at - started_at))::float8) STORED,
	CONSTRAINT "report_periods_conversation_id_started_at_pk" PRIMARY KEY("conversation_id","started_at")
);
--> statement-breakpoint
DROP INDEX "messages_account_time_covering_idx";--> statement-breakpoint
ALTER TABLE "report_message_counts" ADD CONSTRAINT "report_message_counts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_first_reply_user_id_users_id_fk" FOREIGN KEY ("first_reply_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A report reads these two indexes only (INCLUDE: the columns it reads; Drizzle cannot declare it).
CREATE INDEX "report_message_counts_account_idx" ON "report_message_counts" USING btree ("account_id","quarter_at") INCLUDE ("incoming","outgoing");--> statement-breakpoint
CREATE INDEX "report_periods_account_idx" ON "report_periods" USING btree ("account_id","started_at") INCLUDE ("first_reply_at","first_reply_user_id","first_reply_from","response_seconds","resolution_seconds");--> statement-breakpoint
-- A conversation's open periods from `from_at` (a close, or null: from its first message), as the report defines
-- them (server/src/modules/reports/service.ts): its closes cut its timeline into segments; a segment's first
-- customer message (not failed) starts a period, the segment's closing close ends it, and its first response is
-- the first outgoing message (not failed) from the start up to that close, in timeline order. A message at the
-- instant of a close belongs after it, a reply at that instant answers the period it closes too.
CREATE FUNCTION report_periods_of(conv uuid, from_at timestamptz)
RETURNS TABLE (started_at timestamptz, closed_at timestamptz, first_reply_at timestamptz, first_reply_user_id uuid, first_reply_from text)
LANGUAGE sql STABLE AS $$
  WITH bounds AS (
    SELECT coalesce(from_at, '-infinity') AS lo
    UNION ALL
    SELECT s.changed_at FROM conversation_status_changes s
    WHERE s.conversation_id = conv AND s.status IN ('closed', 'archived') AND s.changed_at > coalesce(from_at, '-infinity')
  ), segments AS (
    SELECT lo, lead(lo) OVER (ORDER BY lo) AS hi FROM bounds
  )
  SELECT f.started_at, g.hi, r.replied_at, r.sent_by_user_id, r.sent_from
  FROM segments g
  CROSS JOIN LATERAL (
    SELECT coalesce(m.sent_at, m.created_at) AS started_at FROM messages m
    WHERE m.conversation_id = conv AND m.direction = 'incoming' AND m.status IS DISTINCT FROM 'failed'
      AND coalesce(m.sent_at, m.created_at) >= g.lo AND coalesce(m.sent_at, m.created_at) < coalesce(g.hi, 'infinity')
    ORDER BY coalesce(m.sent_at, m.created_at) LIMIT 1
  ) f
  LEFT JOIN LATERAL (
    SELECT coalesce(m.sent_at, m.created_at) AS replied_at, m.sent_by_user_id, m.sent_from FROM messages m
    WHERE m.conversation_id = conv AND m.direction = 'outgoing' AND m.status IS DISTINCT FROM 'failed'
      AND coalesce(m.sent_at, m.created_at) >= f.started_at AND coalesce(m.sent_at, m.created_at) <= coalesce(g.hi, 'infinity')
    ORDER BY coalesce(m.sent_at, m.created_at), m.created_at, m.id LIMIT 1
  ) r ON true
$$;--> statement-breakpoint
-- Writes again the periods an event at `at` can change: those from the last close before it on (all of them
-- when `at` is null). Nothing when the conversation is gone (its rows go with it). The conversation's row lock
-- (the one storing a message or changing its status takes anyway) makes writers of one conversation's facts take
-- turns, each seeing what the one before committed.
CREATE FUNCTION report_periods_refresh(conv uuid, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
  from_at timestamptz;
BEGIN
  SELECT c.account_id INTO account FROM conversations c WHERE c.id = conv FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT max(s.changed_at) INTO from_at FROM conversation_status_changes s
  WHERE s.conversation_id = conv AND s.status IN ('closed', 'archived') AND s.changed_at < at;
  DELETE FROM report_periods p WHERE p.conversation_id = conv AND p.started_at >= coalesce(from_at, '-infinity');
  INSERT INTO report_periods (conversation_id, account_id, started_at, closed_at, first_reply_at, first_reply_user_id, first_reply_from)
  SELECT conv, account, o.* FROM report_periods_of(conv, from_at) o;
END $$;--> statement-breakpoint
-- A message added to the facts (insert, or the new row of an update) or taken from them (delete, the old row). The
-- common cases are decided from the periods alone: a customer message inside an open period, or a reply to a
-- period answered earlier, change nothing; a period's first reply is one update. Anything else (a new period, a
-- message out of order, a first reply or a period's first message taken away) writes the conversation's periods
-- again from the last close before it. One function, no call per message beyond the trigger's own.
CREATE FUNCTION report_facts_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m messages;
  sign integer;
  at timestamptz;
  period record;
  refresh boolean;
BEGIN
  FOR step IN 1..2 LOOP
    CONTINUE WHEN step = 1 AND TG_OP = 'INSERT' OR step = 2 AND TG_OP = 'DELETE';
    IF step = 1 THEN
      m := OLD;
      sign := -1;
    ELSE
      m := NEW;
      sign := 1;
    END IF;
    CONTINUE WHEN m.status IS NOT DISTINCT FROM 'failed';
    -- Writers of one conversation's facts take turns (report_periods_refresh says why); a conversation being
    -- deleted takes its facts with it.
    PERFORM 1 FROM conversations c WHERE c.id = m.conversation_id FOR NO KEY UPDATE;
    CONTINUE WHEN NOT FOUND;
    at := coalesce(m.sent_at, m.created_at);
    INSERT INTO report_message_counts AS n (conversation_id, quarter_at, account_id, incoming, outgoing)
    VALUES (m.conversation_id, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00'), m.account_id,
            CASE WHEN m.direction = 'incoming' THEN sign ELSE 0 END, CASE WHEN m.direction = 'outgoing' THEN sign ELSE 0 END)
    ON CONFLICT (conversation_id, quarter_at)
    DO UPDATE SET incoming = n.incoming + excluded.incoming, outgoing = n.outgoing + excluded.outgoing;
    refresh := false;
    -- The periods around `at`: at most two hold it (one closed at that instant, one started at it).
    FOR period IN
      SELECT p.started_at, p.closed_at, p.first_reply_at FROM report_periods p
      WHERE p.conversation_id = m.conversation_id AND p.started_at <= at ORDER BY p.started_at DESC LIMIT 2
    LOOP
      IF m.direction = 'incoming' THEN
        -- Inside the latest period before it (a message at the instant of the close starts the next one).
        refresh := period.closed_at IS NOT NULL AND at >= period.closed_at OR sign < 0 AND period.started_at = at;
        EXIT;
      END IF;
      CONTINUE WHEN period.closed_at IS NOT NULL AND at > period.closed_at;
      IF period.first_reply_at = at THEN
        -- The first reply taken away, or a tie in time (the timeline's order, created_at then id, decides).
        refresh := true;
      ELSIF sign > 0 AND (period.first_reply_at IS NULL OR period.first_reply_at > at) THEN
        UPDATE report_periods p SET first_reply_at = at, first_reply_user_id = m.sent_by_user_id, first_reply_from = m.sent_from
        WHERE p.conversation_id = m.conversation_id AND p.started_at = period.started_at;
      END IF;
    END LOOP;
    IF NOT FOUND AND m.direction = 'incoming' AND sign > 0 THEN
      refresh := true;  -- no period before it: its first one, or one earlier than all
    END IF;
    IF refresh THEN
      PERFORM report_periods_refresh(m.conversation_id, at);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_facts_on_message_insert AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION report_facts_on_message();--> statement-breakpoint
CREATE TRIGGER report_facts_on_message_delete AFTER DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION report_facts_on_message();--> statement-breakpoint
-- Only the changes a report sees: a delivery status (sent, delivered, read) does not call the function.
CREATE TRIGGER report_facts_on_message_update AFTER UPDATE ON messages
  FOR EACH ROW WHEN (
    OLD.conversation_id IS DISTINCT FROM NEW.conversation_id OR OLD.direction IS DISTINCT FROM NEW.direction
    OR (OLD.status IS NOT DISTINCT FROM 'failed') <> (NEW.status IS NOT DISTINCT FROM 'failed')
    OR coalesce(OLD.sent_at, OLD.created_at) IS DISTINCT FROM coalesce(NEW.sent_at, NEW.created_at)
    OR OLD.sent_from IS DISTINCT FROM NEW.sent_from
  ) EXECUTE FUNCTION report_facts_on_message();--> statement-breakpoint
CREATE FUNCTION report_facts_on_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('closed', 'archived') THEN
    PERFORM report_periods_refresh(OLD.conversation_id, OLD.changed_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('closed', 'archived') THEN
    PERFORM report_periods_refresh(NEW.conversation_id, NEW.changed_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_facts_on_status_change AFTER INSERT OR UPDATE OR DELETE ON conversation_status_changes
  FOR EACH ROW EXECUTE FUNCTION report_facts_on_status_change();--> statement-breakpoint
-- An account's facts written again from its messages and status changes: the backfill below, and bench P3 after
-- it generated messages with the triggers off (bench/lib/generate-inbox.mjs).
CREATE FUNCTION report_facts_rebuild(account uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_periods WHERE account_id = account;
  DELETE FROM report_message_counts WHERE account_id = account;
  INSERT INTO report_periods (conversation_id, account_id, started_at, closed_at, first_reply_at, first_reply_user_id, first_reply_from)
  SELECT c.id, c.account_id, o.* FROM conversations c CROSS JOIN LATERAL report_periods_of(c.id, null) o
  WHERE c.account_id = account;
  INSERT INTO report_message_counts (conversation_id, quarter_at, account_id, incoming, outgoing)
  SELECT m.conversation_id, date_bin('15 minutes', coalesce(m.sent_at, m.created_at), timestamptz '2000-01-01 00:00:00+00'),
         m.account_id, count(*) FILTER (WHERE m.direction = 'incoming'), count(*) FILTER (WHERE m.direction = 'outgoing')
  FROM messages m WHERE m.account_id = account AND m.status IS DISTINCT FROM 'failed'
  GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT report_facts_rebuild(id) FROM accounts;--> statement-breakpoint
ANALYZE report_periods, report_message_counts;
