import { Query, Resolver } from "type-graphql";
import { PrintQuality } from "./design.types.js";
import { BLURRY_PRINT_WARNING, MIN_PRINT_DPI, PRINT_DPI } from "./print-quality.js";

@Resolver(() => PrintQuality)
export class PrintQualityResolver {
  @Query(() => PrintQuality, { description: "The print-quality rule (print-file resolution, the least a picture may have, the warning's words), for the studio to measure against." })
  printQuality(): PrintQuality {
    return { printDpi: PRINT_DPI, minimumDpi: MIN_PRINT_DPI, warning: BLURRY_PRINT_WARNING };
  }
}
