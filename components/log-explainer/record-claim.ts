import type { DecisionRecord } from "@/lib/negotiation";

/** What a record claims: the card (by digest), the class, the decision and the engine that made it. */
export interface RecordClaim {
  digest: string;
  taskClass: string;
  decision: DecisionRecord["decision"];
  engine: string;
}

export function claimOf(record: DecisionRecord): RecordClaim {
  return { digest: record.card.digest, taskClass: record.taskClass, decision: record.decision, engine: record.engine };
}
