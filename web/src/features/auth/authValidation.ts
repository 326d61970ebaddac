// The sign-in and registration forms check their fields before anything is sent. The rules
// mirror the gateway's (gateway/customers/customer.service.ts): an email of the shape a@b.c, a
// password of at least 8 characters, a name of 1–100 characters.
export const PASSWORD_MIN_LENGTH = 8;
/** The rule, said under the password fields before anything is typed (their message replaces it). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
const NAME_MAX_LENGTH = 100;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return "Email is required";
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return "Enter a valid email address, like name@example.com";
  return undefined;
}

export function passwordError(value: string, label = "Password"): string | undefined {
  if (value === "") return `${label} is required`;
  if (value.length < PASSWORD_MIN_LENGTH) return `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return undefined;
}

export function nameError(value: string): string | undefined {
  const name = value.trim();
  if (name === "") return "Name is required";
  if (name.length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters`;
  return undefined;
}

function compact<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
}

export interface SignInValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function checkSignIn(values: SignInValues): FieldErrors<"email" | "password"> {
  return compact({ email: emailError(values.email), password: passwordError(values.password) });
}

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
}

export function checkRegister(values: RegisterValues): FieldErrors<"name" | "email" | "password"> {
  return compact({ name: nameError(values.name), email: emailError(values.email), password: passwordError(values.password) });
}
