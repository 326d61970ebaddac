import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import type { JobRecord } from "../../jobs/job.records.js";

export enum FulfillmentJobState {
  PENDING = "PENDING",
  RUNNING = "RUNNING",
  SUCCEEDED = "SUCCEEDED",
  FAILED = "FAILED",
}

registerEnumType(FulfillmentJobState, {
  name: "FulfillmentJobState",
  description: "Where sending an order to the print partner stands.",
  valuesConfig: {
    PENDING: { description: "Waiting for its first attempt, or for its next one after a failure (see nextAttemptAt)." },
    RUNNING: { description: "Being sent now." },
    SUCCEEDED: { description: "The partner has the order (or there was nothing to send: it was cancelled or shipped first)." },
    FAILED: { description: "Given up after its attempts (see lastError); staff can retry it with orderRetryFulfillmentJob." },
  },
});

@ObjectType({ description: "The durable job that hands a paid order to the print partner: retried with backoff, never done twice for one order." })
export class FulfillmentJob {
  @Field(() => ID, { description: "Id of the job." })
  id!: string;

  @Field(() => String, { description: 'The partner it sends to: "filedrop" or "printful".' })
  partner!: string;

  @Field(() => FulfillmentJobState, { description: "Where the job stands." })
  state!: FulfillmentJobState;

  @Field(() => Int, { description: "Attempts made so far (counted afresh after a staff retry)." })
  attempts!: number;

  @Field(() => String, { nullable: true, description: "Why the last attempt failed; null when none has." })
  lastError!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the next attempt is due; null unless the job is PENDING." })
  nextAttemptAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: "The partner's reference for the order once sent (Printful's order id, or the package folder under DATA_DIR); null before.",
  })
  externalId!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When the job last changed." })
  updatedAt!: Date;
}

export function toFulfillmentJob(job: JobRecord): FulfillmentJob {
  const externalId = job.result?.externalId;
  return {
    id: job.id,
    partner: String(job.payload.partner ?? ""),
    state: job.state as FulfillmentJobState,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.state === "PENDING" ? job.runAt : null,
    externalId: typeof externalId === "string" ? externalId : null,
    updatedAt: job.updatedAt,
  };
}
