import { describe, expect, it } from "vitest";
import { isPublicAddress, TargetRefused, WebhookTargets, type Resolve } from "./webhook-target.js";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "100.64.0.1",
    "100.127.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::127.0.0.1",
    "::7f00:1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::ffff:10.1.2.3",
    "::ffff:0:127.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a00:1",
    "64:ff9b:1::8.8.8.8",
    "2002:7f00:1::1",
    "2002:c0a8:101::",
    "2001:db8::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "100::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "febf::1",
    "fec0::1",
    "ff02::1",
    "fe80::1%eth0",
    "not an address",
    "localhost",
  ])("%s is not on the public internet", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "100.63.255.255", "100.128.0.0", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])(
    "%s is",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("WebhookTargets", () => {
  const answering =
    (...answers: string[][]): Resolve =>
    async () => {
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return next.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof TargetRefused ? error.message : `not a refusal: ${String(error)}`),
    );

  it("takes an https URL whose every address is public, and answers the first", async () => {
    const targets = new WebhookTargets({ allowPrivate: false, resolve: answering(["2606:4700:4700::1111", "93.184.216.34"]) });
    expect(await targets.addressFor(new URL("https://hooks.example.net/x"))).toEqual({ address: "2606:4700:4700::1111", family: 6 });
    expect(await targets.addressFor(new URL("https://93.184.216.34/x"))).toEqual({ address: "93.184.216.34", family: 4 });
  });

  it("refuses http, a name with any private address among its public ones, and a name that does not resolve", async () => {
    const targets = new WebhookTargets({ allowPrivate: false, resolve: answering(["93.184.216.34", "10.0.0.7"]) });
    expect(await refusal(targets.addressFor(new URL("http://hooks.example.net/")))).toBe("The receiver must be an https:// address");
    expect(await refusal(targets.addressFor(new URL("https://hooks.example.net/")))).toMatch(/^The receiver's host name hooks\.example\.net is not on the public internet/);
    const nowhere = new WebhookTargets({
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    });
    expect(await refusal(nowhere.addressFor(new URL("https://nowhere.example/")))).toBe("The receiver's host name nowhere.example does not resolve");
    expect(await refusal(new WebhookTargets({ allowPrivate: false, resolve: async () => [] }).addressFor(new URL("https://empty.example/")))).toBe(
      "The receiver's host name empty.example does not resolve",
    );
  });

  it("lets http and private addresses through when allowed (tests and development), still answering one address", async () => {
    const targets = new WebhookTargets({ allowPrivate: true, resolve: answering(["127.0.0.1", "::1"]) });
    expect(await targets.addressFor(new URL("http://receiver.test:8080/"))).toEqual({ address: "127.0.0.1", family: 4 });
    expect(await targets.addressFor(new URL("http://[::1]:8080/"))).toEqual({ address: "::1", family: 6 });
    expect(await refusal(targets.addressFor(new URL("ftp://receiver.test/")))).toBe("The receiver must be an https:// address");
  });
});
