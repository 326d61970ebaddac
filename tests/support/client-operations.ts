import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  Lexer,
  Source,
  TokenKind,
  print,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import * as generated from "../../web/src/gql/graphql.js";
import { operationCost } from "../../gateway/graphql-server/limits/cost.js";

export interface ClientOperation {
  name: string;
  document: DocumentNode;
  text: string;
}

/** Every operation the client ships: the typed documents codegen generated into web/src/gql. */
export function clientOperations(): ClientOperation[] {
  return Object.entries(generated)
    .filter(([, value]) => typeof value === "object" && value !== null && (value as DocumentNode).kind === Kind.DOCUMENT)
    .map(([name, value]) => ({ name, document: value as unknown as DocumentNode }))
    .filter(({ document }) => document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION))
    .map((op) => ({ ...op, text: print(op.document) }));
}

/** A value of the input type that the schema accepts (the smallest one: required fields only). */
function sampleValue(type: GraphQLInputType, name: string): unknown {
  if (type instanceof GraphQLNonNull) return sampleValue(type.ofType, name);
  if (type instanceof GraphQLList) return [sampleValue(type.ofType, name)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0]!.name;
  if (type instanceof GraphQLInputObjectType) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (field.type instanceof GraphQLNonNull && field.defaultValue === undefined) value[field.name] = sampleValue(field.type, field.name);
    }
    return value;
  }
  const scalar = (type as GraphQLScalarType).name;
  // A size given in a variable counts at the largest the API takes.
  if (scalar === "Int") return name === "pageSize" || name === "first" ? 100 : 1;
  if (scalar === "Float") return 1;
  if (scalar === "Boolean") return false;
  return "x";
}

/** Variables for an operation: every declared variable with a value of its type. */
export function sampleVariables(schema: GraphQLSchema, document: DocumentNode): Record<string, unknown> {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType;
    variables[definition.variable.name.value] = sampleValue(type, definition.variable.name.value);
  }
  return variables;
}

export interface OperationFigures {
  depth: number;
  aliases: number;
  directives: number;
  tokens: number;
  cost: number;
}

/** The figures every limit measures, by the same libraries the gateway uses. */
export function measure(schema: GraphQLSchema, op: ClientOperation): OperationFigures {
  const figures = { depth: 0, aliases: 0, directives: 0 };
  const capture = (key: keyof typeof figures) => [(_ctx: unknown, details: { n: number }) => (figures[key] = Math.max(figures[key], details.n))];
  const options = { n: Number.MAX_SAFE_INTEGER, propagateOnRejection: false };
  const errors = validate(schema, op.document, [
    maxDepthRule({ ...options, ignoreIntrospection: true, flattenFragments: true, onAccept: capture("depth") }),
    maxAliasesRule({ ...options, onAccept: capture("aliases") }),
    maxDirectivesRule({ ...options, onAccept: capture("directives") }),
  ]);
  if (errors.length > 0) throw new Error(`${op.name} does not validate: ${errors[0]!.message}`);

  const lexer = new Lexer(new Source(op.text));
  let tokens = 0;
  while (lexer.advance().kind !== TokenKind.EOF) tokens += 1;

  return { ...figures, tokens, cost: operationCost(schema, op.document, sampleVariables(schema, op.document)) };
}
