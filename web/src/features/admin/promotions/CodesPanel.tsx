import { Badge, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { CirclePlus, CircleX, Download, ListPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Table } from "../../../components/ui/recipes/table";
import { notify } from "../../../components/ui/toaster";
import { FormProblem } from "../../auth/FormProblem";
import type { PromotionCodeFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { useCodeMutations, type UserErrors } from "./usePromotionMutations";

interface CodesPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes: PromotionCodeFragment[];
}

/** Field-placed refusals of a small form, and anything else as its problem. */
function place<F extends string>(errors: UserErrors, fields: readonly F[]): { byField: Partial<Record<F, string>>; other: string | null } {
  const byField: Partial<Record<F, string>> = {};
  let other: string | null = null;
  for (const error of errors) {
    const field = fields.find((f) => f === error.field);
    if (field) byField[field] = error.message;
    else other = error.message;
  }
  return { byField, other };
}

const usesOf = (c: PromotionCodeFragment) => (c.usageLimit === null || c.usageLimit === undefined ? `${c.uses} (no limit)` : `${c.uses} of ${c.usageLimit}`);

function AddCode({ promotionId }: { promotionId: string }) {
  const { add, adding } = useCodeMutations(promotionId);
  const [code, setCode] = useState("");
  const [limit, setLimit] = useState("");
  const [errors, setErrors] = useState<{ code?: string; usageLimit?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!code.trim()) return setErrors({ code: "Type the code" });
    if (limit.trim() && !/^\d{1,7}$/.test(limit.trim())) return setErrors({ usageLimit: "A whole number, or empty for no limit" });
    const done = await add(code.trim(), limit.trim() ? Number(limit) : null);
    if (!done.ok) {
      const placed = place(done.errors, ["code", "usageLimit"] as const);
      setErrors(placed.byField);
      setProblem(placed.other);
      return;
    }
    setErrors({});
    setCode("");
    setLimit("");
    notify({ title: "Code added", description: done.value.code, type: "success" });
  };
  return (
    <form aria-label="Add a code" onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="3">
        <Text fontWeight="semibold">Add a code</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="start">
          <Field.Root invalid={Boolean(errors.code)}>
            <Field.Label>Code</Field.Label>
            <Input name="code" value={code} maxLength={40} onChange={(e) => setCode(e.target.value)} fontFamily="mono" autoComplete="off" spellCheck={false} placeholder="HEARING20" />
            {errors.code && <Field.ErrorText>{errors.code}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.usageLimit)}>
            <Field.Label>Usage limit</Field.Label>
            <Input name="usageLimit" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} placeholder="No limit" />
            {errors.usageLimit && <Field.ErrorText>{errors.usageLimit}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" variant="outline" loading={adding} mt={{ md: "6" }}>
            <CirclePlus aria-hidden="true" /> Add code
          </Button>
        </SimpleGrid>
        <FormProblem message={problem} />
      </Stack>
    </form>
  );
}

function GenerateCodes({ promotionId, csvUrl }: { promotionId: string; csvUrl: string }) {
  const { generate, generating } = useCodeMutations(promotionId);
  const [count, setCount] = useState("50");
  const [prefix, setPrefix] = useState("");
  const [limit, setLimit] = useState("1");
  const [errors, setErrors] = useState<{ count?: string; prefix?: string; usageLimit?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<number | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setMade(null);
    const found: typeof errors = {};
    if (!/^\d{1,5}$/.test(count.trim()) || Number(count) < 1 || Number(count) > 10000) found.count = "From 1 to 10,000";
    if (prefix.trim() && !/^[A-Za-z0-9]{1,10}$/.test(prefix.trim())) found.prefix = "Up to 10 letters or digits";
    if (limit.trim() && !/^\d{1,7}$/.test(limit.trim())) found.usageLimit = "A whole number, or empty for no limit";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = await generate(Number(count), prefix.trim() ? prefix.trim().toUpperCase() : null, limit.trim() ? Number(limit) : null);
    if (!done.ok) {
      const placed = place(done.errors, ["count", "prefix", "usageLimit"] as const);
      setErrors(placed.byField);
      setProblem(placed.other);
      return;
    }
    setMade(done.value.length);
  };
  return (
    <form aria-label="Generate codes" onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="3">
        <Text fontWeight="semibold">Generate codes</Text>
        <Text fontSize="sm" color="fg.muted">
          Random codes (12 characters, 60 bits each) for a mailing or flyers; by default each works once.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="start">
          <Field.Root invalid={Boolean(errors.count)}>
            <Field.Label>How many</Field.Label>
            <Input name="count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
            {errors.count && <Field.ErrorText>{errors.count}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.prefix)}>
            <Field.Label>Prefix</Field.Label>
            <Input name="prefix" value={prefix} maxLength={10} onChange={(e) => setPrefix(e.target.value.toUpperCase())} fontFamily="mono" placeholder="Optional" autoComplete="off" />
            {errors.prefix && <Field.ErrorText>{errors.prefix}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.usageLimit)}>
            <Field.Label>Uses per code</Field.Label>
            <Input name="generateUsageLimit" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} placeholder="No limit" />
            {errors.usageLimit && <Field.ErrorText>{errors.usageLimit}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" variant="subtle" loading={generating} mt={{ md: "6" }}>
            <ListPlus aria-hidden="true" /> Generate
          </Button>
        </SimpleGrid>
        <FormProblem message={problem} />
        {made !== null && (
          <HStack gap="3" wrap="wrap" role="status">
            <Text fontSize="sm">{made === 1 ? "1 code generated." : `${made} codes generated.`}</Text>
            <Button asChild size="sm" colorPalette="brand">
              <a href={csvUrl} download>
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          </HStack>
        )}
      </Stack>
    </form>
  );
}

/** A promotion's codes a page at a time (with uses), add one, generate many, download them all as CSV. */
export function CodesPanel({ promotionId, codes, onPage }: { promotionId: string; codes: CodesPage; onPage(after: string | null): void }) {
  const { remove, removing } = useCodeMutations(promotionId);
  const csvUrl = `/api/admin/promotions/${encodeURIComponent(promotionId)}/codes.csv`;
  const destroy = async (code: PromotionCodeFragment) => {
    const done = await remove(code.id);
    if (done.ok) notify({ title: "Code deleted", description: code.code, type: "success" });
    else notify({ title: "Couldn't delete the code", description: done.errors[0]?.message, type: "error" });
  };
  return (
    <Panel title={`Codes (${codes.totalCount})`} id="promotion-codes">
      {codes.totalCount === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No codes yet: shoppers cannot use this promotion until it has one.
        </Text>
      ) : (
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" color="fg.muted">
              Uses count orders paid and payments in progress.
            </Text>
            <Button asChild size="sm" variant="outline">
              <a href={csvUrl} download>
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          </HStack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label="Discount codes">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Code</Table.ColumnHeader>
                  <Table.ColumnHeader>Uses</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {codes.nodes.map((code) => (
                  <Table.Row key={code.id}>
                    <Table.Cell fontFamily="mono" overflowWrap="anywhere">
                      {code.code}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {usesOf(code)}{" "}
                      {code.usageLimit !== null && code.usageLimit !== undefined && code.uses >= code.usageLimit && (
                        <Badge colorPalette="orange" size="sm">
                          Used up
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {code.uses === 0 && (
                        <Button size="xs" variant="ghost" colorPalette="red" disabled={removing} onClick={() => void destroy(code)} aria-label={`Delete ${code.code}`}>
                          <CircleX aria-hidden="true" />
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {(codes.pageInfo.hasNextPage || codes.nodes.length < codes.totalCount) && (
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => onPage(null)}>
                First page
              </Button>
              {codes.pageInfo.hasNextPage && (
                <Button size="sm" variant="outline" onClick={() => onPage(codes.pageInfo.endCursor ?? null)}>
                  Next page
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      )}
      <Stack gap="5" borderTopWidth="1px" pt="4" mt="2">
        <AddCode promotionId={promotionId} />
        <GenerateCodes promotionId={promotionId} csvUrl={csvUrl} />
      </Stack>
    </Panel>
  );
}
