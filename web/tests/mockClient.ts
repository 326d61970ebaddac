import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { Observable } from "rxjs";
import { typePolicies } from "../src/lib/apollo";

type Answer = { data?: unknown; errors?: { message: string }[] } | Error;
type Responder = (variables: Record<string, unknown>) => Answer | Promise<Answer>;

export type Call = { operation: string; variables: Record<string, unknown> };

/**
 * An Apollo client answering each operation by name; an operation without an answer fails. An answer
 * may be a promise, so a test can hold a screen in its loading state.
 */
export function mockClient(answers: Record<string, Responder>): { client: ApolloClient; calls: Call[] } {
  const { link, calls } = mockLink(answers);
  return { client: new ApolloClient({ cache: new InMemoryCache({ typePolicies }), link }), calls };
}

/** The link behind mockClient, for a test that builds its own client (e.g. with the shop's real cache). */
export function mockLink(answers: Record<string, Responder>): { link: ApolloLink; calls: Call[] } {
  const calls: Call[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({ operation: operation.operationName ?? "", variables: operation.variables });
        const answer = answers[operation.operationName ?? ""];
        const deliver = (result: Answer) => {
          if (result instanceof Error) observer.error(result);
          else {
            observer.next(result as never);
            observer.complete();
          }
        };
        const result = answer ? answer(operation.variables) : new Error(`no mock for ${operation.operationName}`);
        if (result instanceof Promise) void result.then(deliver, (error: unknown) => observer.error(error));
        else deliver(result);
      }),
  );
  return { link, calls };
}
