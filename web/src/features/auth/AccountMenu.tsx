import { Menu } from "@chakra-ui/react";
import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { AccountButton } from "./AccountButton";
import { useLogout } from "./useLogout";

/** The signed-in header's menu (its code loads once someone is signed in). */
export default function AccountMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const { signOut } = useLogout();
  return (
    <Menu.Root
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
        if (value === "dashboard") navigate("/dashboard");
        else if (value === "account") navigate("/account");
        else if (value === "sign-out") void signOut();
      }}
    >
      <Menu.Trigger asChild>
        <AccountButton name={name} />
      </Menu.Trigger>
      {/* In the header rather than portalled to the end of <body>: inside the banner landmark, where
          screen readers (and axe's region rule) expect a page's content. */}
      <Menu.Positioner>
        <Menu.Content minWidth="48">
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted" truncate maxWidth="60">
              Signed in as {name}
            </Menu.ItemGroupLabel>
            <Menu.Item value="dashboard">
              <LayoutDashboard size={16} aria-hidden="true" /> Dashboard
            </Menu.Item>
            <Menu.Item value="account">
              <UserRound size={16} aria-hidden="true" /> Account
            </Menu.Item>
          </Menu.ItemGroup>
          <Menu.Separator />
          <Menu.Item value="sign-out">
            <LogOut size={16} aria-hidden="true" /> Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
