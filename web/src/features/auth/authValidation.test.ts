import { describe, expect, it } from "vitest";
import { checkRegister, checkSignIn, emailError, nameError, passwordError } from "./authValidation";

describe("the auth forms' field checks", () => {
  it.each([
    ["", "Email is required"],
    ["   ", "Email is required"],
    ["ada", "Enter a valid email address, like name@example.com"],
    ["ada@", "Enter a valid email address, like name@example.com"],
    ["ada@example", "Enter a valid email address, like name@example.com"],
    ["ada @example.com", "Enter a valid email address, like name@example.com"],
    [`${"a".repeat(250)}@example.com`, "Enter a valid email address, like name@example.com"],
    ["ada@example.com", undefined],
    ["  Ada@Example.com  ", undefined],
  ])("email %j → %j", (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });

  it.each([
    ["", "Password is required"],
    ["short", "Password must be at least 8 characters"],
    ["1234567", "Password must be at least 8 characters"],
    ["12345678", undefined],
    ["        ", undefined],
  ])("password %j → %j", (value, expected) => {
    expect(passwordError(value)).toBe(expected);
  });

  it.each([
    ["", "Name is required"],
    ["  ", "Name is required"],
    ["x".repeat(101), "Name must be at most 100 characters"],
    ["Ada", undefined],
  ])("name %j → %j", (value, expected) => {
    expect(nameError(value)).toBe(expected);
  });

  it("reports every field of a form at once, and nothing when all are fine", () => {
    expect(checkSignIn({ email: "", password: "", rememberMe: false })).toEqual({ email: "Email is required", password: "Password is required" });
    expect(checkSignIn({ email: "ada@example.com", password: "correct horse", rememberMe: true })).toEqual({});
    expect(checkRegister({ name: "", email: "nope", password: "1234" })).toEqual({
      name: "Name is required",
      email: "Enter a valid email address, like name@example.com",
      password: "Password must be at least 8 characters",
    });
  });
});
