import { useQuery } from "@apollo/client/react";
import { Badge, Button, chakra, Field, Heading, HStack, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { EmptyState } from "../../components/StateMessage";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import { NativeSelect } from "../../components/ui/recipes/nativeSelect";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { formatDateTime } from "./adminFormat";
import { AdminQueryError } from "./AdminQueryError";
import { placeErrors } from "./FulfillForm";
import { StaffMembersDocument, type StaffInviteMethod, type StaffRole, type StaffRow_MemberFragment, type StaffSessionMemberFragment } from "./gql/graphql";
import { Panel } from "./Panel";
import { SecretOnce } from "./SecretOnce";
import { useStaffMembers } from "./useStaffMembers";

const STATUS_LABELS = { ACTIVE: ["Active", "green"], DISABLED: ["Disabled", "red"], INVITED: ["Invited", "orange"] } as const;

function StaffRow({ member, me }: { member: StaffRow_MemberFragment; me: StaffSessionMemberFragment }) {
  const actions = useStaffMembers();
  const [confirming, setConfirming] = useState<"disable" | "two-factor" | null>(null);
  const [status, palette] = STATUS_LABELS[member.status];
  const you = member.id === me.id;
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="md" p="3" aria-label={member.name} opacity={member.status === "DISABLED" ? 0.75 : 1}>
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {member.name}
              {you && " (you)"}
            </Text>
            <Badge colorPalette={palette}>{status}</Badge>
            <Badge variant="outline" colorPalette={member.twoFactorEnabled ? "green" : "gray"}>
              {member.twoFactorEnabled ? "Two-factor on" : "Two-factor off"}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {member.email}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Last sign-in {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "never"}
          </Text>
        </Stack>
        <Field.Root maxW="40">
          <Field.Label fontSize="sm">Role of {member.name}</Field.Label>
          <NativeSelect.Root size="sm" disabled={actions.busy}>
            <NativeSelect.Field
              value={member.role}
              bg="bg.panel"
              onChange={(e) => void actions.changeRole(member.id, member.name, e.target.value as StaffRole)}
            >
              <option value="STAFF">Staff</option>
              <option value="OWNER">Owner</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <Wrap gap="2">
        {member.status === "DISABLED" ? (
          <Button size="sm" variant="outline" loading={actions.busy} onClick={() => void actions.enableMember(member.id, member.name)} aria-label={`Enable ${member.name}`}>
            Enable
          </Button>
        ) : confirming === "disable" ? (
          <HStack gap="2">
            <Button size="sm" colorPalette="red" loading={actions.busy} onClick={() => void actions.disableMember(member.id, member.name).then(() => setConfirming(null))}>
              Confirm disable
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
              Keep
            </Button>
          </HStack>
        ) : (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming("disable")} aria-label={`Disable ${member.name}`}>
            Disable
          </Button>
        )}
        {member.status !== "DISABLED" && (
          <Button
            size="sm"
            variant="outline"
            loading={actions.busy}
            onClick={() => void actions.sendPasswordReset(member.id, member.name)}
            aria-label={`${member.status === "INVITED" ? "Send invitation again" : "Send password reset"} to ${member.name}`}
          >
            {member.status === "INVITED" ? "Send invitation again" : "Send password reset"}
          </Button>
        )}
        {member.twoFactorEnabled &&
          (confirming === "two-factor" ? (
            <HStack gap="2">
              <Button size="sm" colorPalette="red" loading={actions.busy} onClick={() => void actions.resetTwoFactor(member.id, member.name).then(() => setConfirming(null))}>
                Confirm turning off
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                Keep
              </Button>
            </HStack>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming("two-factor")} aria-label={`Turn off two-factor (lost device) for ${member.name}`}>
              Turn off two-factor (lost device)
            </Button>
          ))}
      </Wrap>
    </Stack>
  );
}

const METHODS: { value: StaffInviteMethod; label: string; help: string }[] = [
  { value: "EMAIL_LINK", label: "Email a link", help: "They set their own password (the link works once, within 72 hours)." },
  { value: "ONE_TIME_PASSWORD", label: "Give a password once", help: "A generated password is shown once, for you to hand over." },
];

function AddStaffForm() {
  const { createMember, creating } = useStaffMembers();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("STAFF");
  const [method, setMethod] = useState<StaffInviteMethod>("EMAIL_LINK");
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ password: string | null; email: string } | null>(null);

  if (done?.password) return <SecretOnce label={`Password for ${done.email}`} value={done.password} onDone={() => setDone(null)} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = "Enter their name";
    if (!email.trim()) found.email = "Enter their email";
    setErrors(found);
    setProblem(null);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await createMember({ email, name, role, inviteMethod: method });
    if (outcome.ok) {
      setDone({ password: outcome.password, email: outcome.email });
      setName("");
      setEmail("");
      return;
    }
    const placed = placeErrors(outcome.errors, ["name", "email"] as const);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a staff member">
      <Stack gap="4">
        <FormProblem message={problem} />
        {done && !done.password && (
          <Text role="status" fontSize="sm" color="fg.success">
            Invitation sent to {done.email}.
          </Text>
        )}
        <Stack direction={{ base: "column", md: "row" }} gap="3">
          <TextField label="Name" name="name" value={name} onValueChange={(v) => (setName(v), setErrors((e) => ({ ...e, name: undefined })))} error={errors.name} />
          <TextField label="Email" type="email" name="email" value={email} onValueChange={(v) => (setEmail(v), setErrors((e) => ({ ...e, email: undefined })))} error={errors.email} />
          <Field.Root maxW={{ md: "40" }}>
            <Field.Label>Role</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="role" value={role} bg="bg.panel" onChange={(e) => setRole(e.target.value as StaffRole)}>
                <option value="STAFF">Staff</option>
                <option value="OWNER">Owner</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
        <Fieldset.Root>
          <Fieldset.Legend>How they get in</Fieldset.Legend>
          <Fieldset.Content>
            {METHODS.map((m) => (
              <HStack as="label" key={m.value} gap="2" cursor="pointer" alignItems="start">
                <chakra.input type="radio" name="inviteMethod" value={m.value} mt="1" boxSize="4" accentColor="brand.solid" checked={method === m.value} onChange={() => setMethod(m.value)} />
                <Stack gap="0">
                  <Text as="span" fontSize="sm" fontWeight="medium">
                    {m.label}
                  </Text>
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {m.help}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Fieldset.Content>
        </Fieldset.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={creating}>
          Add staff member
        </Button>
      </Stack>
    </form>
  );
}

function RequireTwoFactor({ required, mine }: { required: boolean; mine: boolean }) {
  const { setRequired, busy } = useStaffMembers();
  return (
    <Stack gap="2">
      <HStack as="label" gap="2" cursor="pointer" alignSelf="start">
        <chakra.input
          type="checkbox"
          role="switch"
          aria-checked={required}
          boxSize="4"
          accentColor="brand.solid"
          checked={required}
          disabled={busy}
          onChange={(e) => void setRequired(e.target.checked)}
        />
        <Text as="span" fontWeight="medium">
          Require two-factor sign-in for every staff member
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Staff without it must set it up at their next sign-in before anything else.
        {!mine && " Turn it on for yourself first (Security)."}
      </Text>
    </Stack>
  );
}

/** The shop's staff (owner only): the list, adding, roles, disabling, password links, the two-factor requirement. */
export function StaffScreen({ me }: { me: StaffSessionMemberFragment }) {
  const { data, loading, error, refetch } = useQuery(StaffMembersDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const members = data?.staffMembers;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Staff
        </Heading>
        <Text color="fg.muted">Who can sign in to this admin, and how.</Text>
      </Stack>
      {data && (
        <Panel title="Two-factor sign-in" id="staff-two-factor">
          <RequireTwoFactor required={data.staffSecurity.twoFactorRequired} mine={data.staffSecurity.twoFactorEnabled} />
        </Panel>
      )}
      <Panel title="Add a staff member" id="staff-add">
        <AddStaffForm />
      </Panel>
      <Panel title="Staff members" id="staff-list">
        {members ? (
          members.length === 0 ? (
            <EmptyState title="No staff yet" description="Add someone above." />
          ) : (
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Staff members">
              {members.map((member) => (
                <StaffRow key={member.id} member={member} me={me} />
              ))}
            </Stack>
          )
        ) : loading ? (
          <Stack gap="2" role="status" aria-label="Loading staff">
            <Skeleton height="20" />
            <Skeleton height="20" />
          </Stack>
        ) : (
          <AdminQueryError error={error} what="the staff" onRetry={() => void refetch().catch(() => undefined)} />
        )}
      </Panel>
    </Stack>
  );
}
