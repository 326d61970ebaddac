import { describe, expect, it } from "vitest";
import { clientKeyOf } from "./client-key.js";

describe("clientKeyOf: what the limits per client count by", () => {
  it.each([
    ["10.0.0.1", "10.0.0.1"],
    ["127.0.0.1", "127.0.0.1"],
    ["::ffff:10.0.0.1", "10.0.0.1"],
    ["::FFFF:192.168.1.20", "192.168.1.20"],
    ["0:0:0:0:0:ffff:0a00:0001", "10.0.0.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["64:ff9b::10.0.0.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it("keeps two IPv6 networks apart and one network's addresses together", () => {
    expect(clientKeyOf("2001:db8:1:2::1")).toBe(clientKeyOf("2001:db8:1:2:ffff::9"));
    expect(clientKeyOf("2001:db8:1:2::1")).not.toBe(clientKeyOf("2001:db8:1:3::1"));
  });
});
