-- Transfers in one call (issue 14): a batch of them costs one round trip and one commit. Each
-- answers one row, in the order given, as features/money/statements.ts reads it.
-- - Every account of the batch is locked first, at once and in id order: batches and single
--   transfers that share accounts queue one behind the other instead of deadlocking.
-- - Each later statement sees what committed before the locks were granted and what this batch
--   already wrote: a key already used by its sender, here or in an earlier request, is answered by
--   that transfer ("earlier…") and nothing is written.
-- - Otherwise the transfer is written only when both accounts exist, the sender can pay (the
--   system account may go below zero: it issues the credit) and the recipient's account is still
--   a member's (a member who left keeps an account without one, which no longer receives).
-- The accounts' CHECK (a member never below zero) stays the last line of defence.
CREATE FUNCTION "money_transfers"(
  "from_ids" integer[], "to_ids" integer[], "amounts" bigint[], "kinds" text[],
  "notes" text[], "keys" text[], "hashes" text[]
) RETURNS TABLE (
  "bothAccounts" boolean, "funded" boolean, "recipientOpen" boolean,
  "transferId" integer, "createdAt" timestamptz,
  "fromBalanceAfter" bigint, "toBalanceAfter" bigint,
  "earlierId" integer, "earlierHash" text, "earlierCreatedAt" timestamptz,
  "earlierBalanceAfter" bigint
) LANGUAGE plpgsql AS $$
DECLARE
  sender "accounts";
  recipient "accounts";
BEGIN
  PERFORM 1 FROM "accounts" WHERE "id" = ANY ("from_ids" || "to_ids") ORDER BY "id" FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length("from_ids", 1), 0) LOOP
    "transferId" := NULL;
    "createdAt" := NULL;
    "fromBalanceAfter" := NULL;
    "toBalanceAfter" := NULL;
    SELECT t."id", t."request_hash", t."created_at", e."balance_after_cents"
      INTO "earlierId", "earlierHash", "earlierCreatedAt", "earlierBalanceAfter"
      FROM "transfers" t
      JOIN "ledger_entries" e ON e."transfer_id" = t."id" AND e."account_id" = t."from_account_id"
      WHERE t."from_account_id" = "from_ids"[i] AND t."idempotency_key" = "keys"[i];
    SELECT * INTO sender FROM "accounts" WHERE "id" = "from_ids"[i];
    SELECT * INTO recipient FROM "accounts" WHERE "id" = "to_ids"[i];
    "bothAccounts" := sender."id" IS NOT NULL AND recipient."id" IS NOT NULL;
    "funded" := coalesce(sender."kind" = 'system' OR sender."balance_cents" >= "amounts"[i], false);
    "recipientOpen" := coalesce(recipient."kind" = 'system' OR recipient."user_id" IS NOT NULL, false);
    IF "earlierId" IS NULL AND "bothAccounts" AND "funded" AND "recipientOpen" THEN
      INSERT INTO "transfers"
        ("from_account_id", "to_account_id", "amount_cents", "kind", "note", "idempotency_key", "request_hash")
      VALUES ("from_ids"[i], "to_ids"[i], "amounts"[i], "kinds"[i], "notes"[i], "keys"[i], "hashes"[i])
      RETURNING "id", "created_at" INTO "transferId", "createdAt";
      UPDATE "accounts" SET "balance_cents" = "balance_cents" - "amounts"[i]
      WHERE "id" = "from_ids"[i] RETURNING "balance_cents" INTO "fromBalanceAfter";
      UPDATE "accounts" SET "balance_cents" = "balance_cents" + "amounts"[i]
      WHERE "id" = "to_ids"[i] RETURNING "balance_cents" INTO "toBalanceAfter";
      INSERT INTO "ledger_entries" ("transfer_id", "account_id", "amount_cents", "balance_after_cents")
      VALUES ("transferId", "from_ids"[i], -"amounts"[i], "fromBalanceAfter"),
             ("transferId", "to_ids"[i], "amounts"[i], "toBalanceAfter");
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
