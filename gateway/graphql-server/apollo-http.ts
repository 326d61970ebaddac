import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import type { Request, RequestHandler, Response } from "express";

/**
 * Apollo Server on Express: the request handed to Apollo's own HTTP entry point
 * (`executeHTTPGraphQLRequest`, what every Apollo integration calls) and its answer written back.
 * It runs after the JSON body parser, on Express's mounted path and on app.ts's POST /graphql
 * door alike. A POST's answer is written as it is, with its length: a POST is never answered
 * "304 Not Modified", so the entity tag Express's `res.send` computes for every answer (a hash of
 * the whole body) would be work nobody reads. A GET (a query in the address) keeps `res.send` and
 * its tag, so a client may ask again with If-None-Match.
 */
export function apolloHandler<TContext extends BaseContext>(server: ApolloServer<TContext>, context: (req: Request, res: Response) => Promise<TContext>): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = new HeaderMap();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
      }
      // The address as sent (Express strips a mounted path from req.url, not from originalUrl).
      const url = req.originalUrl ?? req.url;
      const query = url.indexOf("?");
      const answer = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: query === -1 ? "" : url.slice(query), body: req.body as unknown },
        context: () => context(req, res),
      });
      for (const [key, value] of answer.headers) res.setHeader(key, value);
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === "chunked") {
        // Each part as it comes, through the compression stream too.
        for await (const chunk of answer.body.asyncIterator) {
          res.write(chunk);
          (res as Response & { flush?: () => void }).flush?.();
        }
        res.end();
      } else if (req.method === "POST") {
        res.setHeader("Content-Length", Buffer.byteLength(answer.body.string));
        res.end(answer.body.string);
      } else {
        res.send(answer.body.string);
      }
    } catch (error) {
      next(error);
    }
  };
}
