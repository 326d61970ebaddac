import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { Observable } from "rxjs";

type Responder = (variables: Record<string, unknown>) => { data?: unknown; errors?: { message: string }[] } | Error;

/** An Apollo client answering each operation by name; an operation without an answer fails. */
export function mockClient(answers: Record<string, Responder>): { client: ApolloClient; calls: { operation: string; variables: Record<string, unknown> }[] } {
  const calls: { operation: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({ operation: operation.operationName ?? "", variables: operation.variables });
        const answer = answers[operation.operationName ?? ""];
        const result = answer ? answer(operation.variables) : new Error(`no mock for ${operation.operationName}`);
        if (result instanceof Error) observer.error(result);
        else {
          observer.next(result as never);
          observer.complete();
        }
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), calls };
}
