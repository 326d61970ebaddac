import type { CodegenConfig } from "@graphql-codegen/cli";

// The client's operations live in .graphql files beside the components that use them; the client
// preset turns them into TypedDocumentNodes that Apollo Client 4's hooks type end to end.
const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["web/src/**/*.graphql"],
  ignoreNoDocuments: true,
  generates: {
    "web/src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: "string", ID: "string" },
      },
    },
  },
};

export default config;
