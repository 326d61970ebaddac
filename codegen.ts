import type { CodegenConfig } from "@graphql-codegen/cli";

const ADMIN_DOCUMENTS = "web/src/features/admin/**/*.graphql";

const clientPreset = {
  preset: "client",
  presetConfig: { fragmentMasking: false },
  config: {
    enumsAsTypes: true,
    useTypeImports: true,
    scalars: { DateTimeISO: "string", ID: "string" },
  },
} as const;

// The client's operations live in .graphql files beside the components that use them; the client
// preset turns them into TypedDocumentNodes that Apollo Client 4's hooks type end to end. The
// generated documents are one module, which every screen shares: the admin's are
// generated into a module of their own, so a shopper's first visit does not download them.
const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  ignoreNoDocuments: true,
  generates: {
    "web/src/gql/": { ...clientPreset, documents: ["web/src/**/*.graphql", `!${ADMIN_DOCUMENTS}`] },
    "web/src/features/admin/gql/": { ...clientPreset, documents: [ADMIN_DOCUMENTS] },
  },
};

export default config;
