import { IconButton } from "@chakra-ui/react";
import { Moon, Sun } from "lucide-react";
import { useColorMode } from "../../theme/colorMode";

export function ThemeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const dark = colorMode === "dark";
  return (
    <IconButton aria-label={dark ? "Switch to light mode" : "Switch to dark mode"} variant="ghost" onClick={toggleColorMode}>
      {dark ? <Sun /> : <Moon />}
    </IconButton>
  );
}
