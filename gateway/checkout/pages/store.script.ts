import { createHash } from "node:crypto";
import { EMAIL_SHAPE } from "../../shared/email.js";
import { CARD_MESSAGES } from "../card.js";

// The store pages' one script, a file of the shop's own (the pages' CSP allows scripts from 'self'
// only, no inline script). Loaded in <head>, not deferred, so the colour mode is on <html> before
// the first paint; the rest waits for the page. Every page works without it: the server checks
// everything again, and the stylesheet follows the system's light or dark without it.
//
// 1. The colour mode: the storefront's stored choice (web/src/theme/colorMode.tsx: "theme" in
//    localStorage, "light" or "dark") as .light or .dark on <html>; with none, the stylesheet
//    follows the system's preference. Another tab's change is followed.
// 2. The test provider's card fields: the number in groups as typed (4-6-5 for American Express,
//    fours for the rest), the expiry as MM / YY with the slash added (a phone's numeric keypad has
//    none), the security code digits only; each checked as the shopper leaves it (Luhn, a real month,
//    not expired, 3 or 4 digits by brand) with the message beside it, by the server's own messages.
// 3. Pay: the form is not sent while a card field is wrong or a required field is empty, so a slip
//    never costs the shopper what they typed (the server never sends a card number back).
// 4. A signed-in customer's saved address fills the address fields in place when picked (its link
//    has the server draw the page with it otherwise).
// 5. The Pay button's label follows the shipping method for browsers without :has() (the stylesheet
//    does it for the others).
//
// Plain ES2017 without modules: it runs as it is written (no build step).
const source = String.raw`(function () {
  "use strict";
  var root = document.documentElement;

  function applyTheme() {
    var mode = null;
    try {
      mode = window.localStorage.getItem("theme");
    } catch (e) {}
    root.classList.remove("light", "dark");
    if (mode === "light" || mode === "dark") root.classList.add(mode);
  }
  applyTheme();
  window.addEventListener("storage", function (event) {
    if (event.key === "theme" || event.key === null) applyTheme();
  });

  var MESSAGES = __CARD_MESSAGES__;
  var EMAIL = __EMAIL_SHAPE__;

  function digits(value) {
    return value.replace(/\D/g, "");
  }
  function isAmex(number) {
    return /^3[47]/.test(number);
  }
  function formatNumber(number) {
    var sizes = isAmex(number) ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var groups = [];
    for (var i = 0, at = 0; i < sizes.length && at < number.length; at += sizes[i], i++) groups.push(number.slice(at, at + sizes[i]));
    return groups.join(" ");
  }
  function passesLuhn(number) {
    if (!/^\d{12,19}$/.test(number)) return false;
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  // The expiry as typed so far: month and year digits. "4" is April ("04"), "1/" is January; a year
  // begun with "20" may run to four digits ("2030"), read as its last two when the field is left.
  function expiryParts(value) {
    var month, year;
    var separated = /^\D*([1-9])\D+(\d*)/.exec(value);
    if (separated) {
      month = "0" + separated[1];
      year = digits(separated[2]);
    } else {
      var all = digits(value);
      if (/^[2-9]/.test(all)) all = "0" + all;
      month = all.slice(0, 2);
      year = all.slice(2);
    }
    year = year.slice(0, year.slice(0, 2) === "20" ? 4 : 2);
    return { month: month, year: year };
  }
  function formatExpiry(parts, typing) {
    if (parts.month.length < 2) return parts.month;
    if (!parts.year) return typing ? parts.month + " / " : parts.month;
    return parts.month + " / " + parts.year;
  }

  function numberError(value) {
    var number = digits(value);
    if (!number) return MESSAGES.numberMissing;
    return passesLuhn(number) ? null : MESSAGES.numberInvalid;
  }
  function expiryError(value) {
    if (!value.trim()) return MESSAGES.expiryMissing;
    var parts = expiryParts(value);
    var month = Number(parts.month);
    if (parts.month.length === 2 && (month < 1 || month > 12)) return MESSAGES.expiryMonth;
    if (parts.month.length !== 2 || (parts.year.length !== 2 && parts.year.length !== 4)) return MESSAGES.expiryFormat;
    var year = parts.year.length === 2 ? 2000 + Number(parts.year) : Number(parts.year);
    var now = new Date();
    var thisYear = now.getUTCFullYear();
    var thisMonth = now.getUTCMonth() + 1;
    return year < thisYear || (year === thisYear && month < thisMonth) ? MESSAGES.expired : null;
  }
  function cvcError(value, number) {
    var cvc = value.trim();
    if (!cvc) return MESSAGES.cvcMissing;
    if (isAmex(digits(number))) return /^\d{4}$/.test(cvc) ? null : MESSAGES.cvc4;
    return /^\d{3}$/.test(cvc) ? null : MESSAGES.cvc3;
  }

  // The message beside a field, as the server draws it (p.error#{id}-error, named by aria-describedby).
  function showError(input, message, flag) {
    var field = input.closest(".field");
    var id = input.id + "-error";
    var shown = document.getElementById(id);
    var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (each) {
      return each && each !== id;
    });
    if (message) {
      if (!shown) {
        shown = document.createElement("p");
        shown.className = "error";
        shown.id = id;
        shown.setAttribute("role", "alert");
        field.appendChild(shown);
      }
      if (shown.textContent !== message) shown.textContent = message;
      described.push(id);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("data-flagged", flag || "");
      field.classList.add("invalid");
    } else {
      if (shown) shown.remove();
      input.removeAttribute("aria-invalid");
      input.removeAttribute("data-flagged");
      field.classList.remove("invalid");
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  }

  // Keeps the caret after the same digit once the value is regrouped.
  function caretAfterDigits(value, count) {
    if (count === 0) return 0;
    for (var i = 0, seen = 0; i < value.length; i++) {
      if (/\d/.test(value.charAt(i)) && ++seen === count) return i + 1;
    }
    return value.length;
  }
  function setValue(input, value, caret) {
    if (input.value === value) return;
    input.value = value;
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  }

  // A card field: formatted as typed, checked when left (and normalised first, when it says how).
  function cardField(input, check, format, leave) {
    if (!input) return;
    // The script caps and groups the digits itself: a pasted "4242-4242-4242-4242" is not cut short.
    if (format) input.removeAttribute("maxlength");
    input.addEventListener("input", function (event) {
      if (format) format(input, event);
      // A field already marked wrong is cleared as soon as it is right (never marked while typing).
      if (input.getAttribute("aria-invalid") === "true" && !check(input.value)) showError(input, null);
    });
    input.addEventListener("blur", function () {
      if (leave) leave(input);
      if (input.value.trim()) showError(input, check(input.value));
    });
  }

  // A field the shopper left empty, or an email that is not one: flagged at Pay, cleared as it is mended.
  function formError(input) {
    var missing = input.getAttribute("data-missing");
    var value = input.value.trim();
    if (!value) return missing;
    if (input.type === "email" && !(value.length <= 254 && EMAIL.test(value))) return input.getAttribute("data-malformed");
    return null;
  }
  function formField(input) {
    input.addEventListener("input", function () {
      if (input.getAttribute("data-flagged") === "form" && !formError(input)) showError(input, null);
    });
  }

  function enhance() {
    var form = document.querySelector("form.checkout-form");
    if (!form) return;
    var number = document.getElementById("f-card_number");
    var expiry = document.getElementById("f-expiry");
    var cvc = document.getElementById("f-cvc");

    cardField(number, numberError, function (input) {
      var typed = digits(input.value);
      var before = digits(input.value.slice(0, input.selectionStart == null ? input.value.length : input.selectionStart)).length;
      typed = typed.slice(0, isAmex(typed) ? 15 : 19);
      var formatted = formatNumber(typed);
      setValue(input, formatted, caretAfterDigits(formatted, Math.min(before, typed.length)));
    });
    cardField(
      expiry,
      expiryError,
      function (input, event) {
        var typing = !event.inputType || event.inputType.indexOf("delete") !== 0;
        var formatted = formatExpiry(expiryParts(input.value), typing);
        setValue(input, formatted, formatted.length);
      },
      function (input) {
        // A four-digit year is read as its last two ("12 / 2030" is "12 / 30").
        var parts = expiryParts(input.value);
        if (parts.year.length === 4) input.value = formatExpiry({ month: parts.month, year: parts.year.slice(2) }, false);
      },
    );
    cardField(
      cvc,
      function (value) {
        return cvcError(value, number ? number.value : "");
      },
      function (input) {
        var code = digits(input.value).slice(0, 4);
        setValue(input, code, code.length);
      },
    );

    var required = form.querySelectorAll("[data-missing]");
    for (var r = 0; r < required.length; r++) formField(required[r]);
    var province = document.getElementById("f-province");
    var country = document.getElementById("f-country");
    function provinceError() {
      var needs = country && country.selectedOptions.length ? country.selectedOptions[0].getAttribute("data-province-missing") : null;
      return province && needs && !province.value ? needs : null;
    }
    if (province && country) {
      var mended = function () {
        if (province.getAttribute("data-flagged") === "form" && !provinceError()) showError(province, null);
      };
      province.addEventListener("change", mended);
      country.addEventListener("change", mended);
    }

    // A saved address fills the fields in place (without script, its link asks the server to).
    var offered = form.querySelectorAll("a[data-address]");
    function useAddress(event) {
      var link = event.currentTarget;
      var fields;
      try {
        fields = JSON.parse(link.getAttribute("data-address"));
      } catch (e) {
        return;
      }
      event.preventDefault();
      Object.keys(fields).forEach(function (name) {
        var input = form.elements.namedItem(name);
        if (!input || !input.tagName) return;
        input.value = fields[name];
        if (input.getAttribute("aria-invalid") === "true") showError(input, null);
      });
      for (var o = 0; o < offered.length; o++) {
        var chosen = offered[o] === link;
        offered[o].closest("li").classList.toggle("chosen", chosen);
        offered[o].querySelector(".use-label").textContent = chosen ? "Shipping here" : "Ship here";
        if (chosen) offered[o].setAttribute("aria-current", "true");
        else offered[o].removeAttribute("aria-current");
      }
    }
    for (var k = 0; k < offered.length; k++) offered[k].addEventListener("click", useAddress);

    // The Pay button says the total with the method chosen (without :has(), by moving .chosen).
    var labels = form.querySelectorAll(".pay-label");
    form.addEventListener("change", function (event) {
      if (event.target.name !== "shipping") return;
      for (var i = 0; i < labels.length; i++) labels[i].classList.toggle("chosen", labels[i].getAttribute("data-shipping") === event.target.value);
    });

    form.addEventListener("submit", function (event) {
      var wrong = [];
      for (var i = 0; i < required.length; i++) {
        var message = formError(required[i]);
        if (message) {
          showError(required[i], message, "form");
          wrong.push(required[i]);
        }
      }
      var needs = provinceError();
      if (needs) {
        showError(province, needs, "form");
        wrong.push(province);
      }
      var cards = [
        [number, numberError],
        [expiry, expiryError],
        [cvc, function (value) { return cvcError(value, number ? number.value : ""); }],
      ];
      for (var j = 0; j < cards.length; j++) {
        if (!cards[j][0]) continue;
        var cardMessage = cards[j][1](cards[j][0].value);
        showError(cards[j][0], cardMessage);
        if (cardMessage) wrong.push(cards[j][0]);
      }
      if (wrong.length === 0) return;
      event.preventDefault();
      // The first in the page's order.
      wrong.sort(function (a, b) {
        return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
      wrong[0].focus();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance);
  else enhance();
})();
`;

export const STORE_SCRIPT = source.replace("__CARD_MESSAGES__", JSON.stringify(CARD_MESSAGES)).replace("__EMAIL_SHAPE__", String(EMAIL_SHAPE));

export const STORE_SCRIPT_PATH = `/store/assets/store-${createHash("sha256").update(STORE_SCRIPT).digest("hex").slice(0, 10)}.js`;
