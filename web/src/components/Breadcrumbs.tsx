import { Breadcrumb } from "./ui/recipes/breadcrumb";
import { Fragment } from "react";
import { Link } from "react-router-dom";

export interface Crumb {
  label: string;
  to?: string;
}

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb.Root mb="6" size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${item.label}-${index}`}>
              <Breadcrumb.Item>
                {last || !item.to ? (
                  <Breadcrumb.CurrentLink aria-current={last ? "page" : undefined}>{item.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild color="brand.fg">
                    <Link to={item.to}>{item.label}</Link>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
              {!last && <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
