import { Text } from "@chakra-ui/react";

/**
 * A custom design's print-quality warning under its line's title (cart, order): the gateway's words,
 * in the warning colour, announced as what it is to a screen reader.
 */
export function PrintWarning({ text }: { text: string }) {
  return (
    <Text fontSize="sm" color="orange.fg" fontWeight="medium">
      <Text as="span" srOnly>
        Print quality:{" "}
      </Text>
      {text}
    </Text>
  );
}
