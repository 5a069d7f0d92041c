import Foundation

/// Header lines as the tills write them, for the import tests.
enum TillHeaders {
    /// Square's item library export as it has been written since 2025, with two locations.
    static let square =
        "\"Token\",\"Item Name\",\"Variation Name\",\"SKU\",\"Description\",\"Categories\",\"Reporting Category\","
        + "\"SEO Title\",\"SEO Description\",\"Permalink\",\"GTIN\",\"Square Online Item Visibility\",\"Item Type\","
        + "\"Weight (kg)\",\"Social Media Link Title\",\"Social Media Link Description\",\"Shipping Enabled\","
        + "\"Self-serve Ordering Enabled\",\"Delivery Enabled\",\"Pickup Enabled\",\"Price\",\"Online Sale Price\","
        + "\"Archived\",\"Sellable\",\"Contains Alcohol\",\"Stockable\",\"Skip Detail Screen in POS\","
        + "\"Option Name 1\",\"Option Value 1\",\"Enabled Corner Shop\",\"Current Quantity Corner Shop\","
        + "\"New Quantity Corner Shop\",\"Stock Alert Enabled Corner Shop\",\"Stock Alert Count Corner Shop\","
        + "\"Price Corner Shop\",\"Enabled Market Stall\",\"Current Quantity Market Stall\","
        + "\"New Quantity Market Stall\",\"Stock Alert Enabled Market Stall\",\"Stock Alert Count Market Stall\","
        + "\"Price Market Stall\",\"Tax - VAT (20%)\""

    /// An older Square export: `Category`, one location, no GTIN.
    static let olderSquare =
        "Token,Item Name,Description,Category,SKU,Variation Name,Price,Current Quantity Main,"
        + "Stock Alert Enabled Main,Stock Alert Count Main,Option Name 1,Option Value 1"

    /// Shopify's products export with the long-standing `Variant …` names.
    static let shopify =
        "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,"
        + "Option1 Linked To,Option2 Name,Option2 Value,Option2 Linked To,Option3 Name,Option3 Value,"
        + "Option3 Linked To,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,"
        + "Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,"
        + "Variant Requires Shipping,Variant Taxable,Unit Price Total Measure,Unit Price Total Measure Unit,"
        + "Unit Price Base Measure,Unit Price Base Measure Unit,Variant Barcode,Image Src,Image Position,"
        + "Image Alt Text,Gift Card,SEO Title,SEO Description,Google Shopping / Google Product Category,"
        + "Google Shopping / Gender,Google Shopping / Age Group,Google Shopping / MPN,Google Shopping / Condition,"
        + "Google Shopping / Custom Product,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,"
        + "Price / International,Compare At Price / International,Status"

    /// Shopify's newer product template, which renamed most columns.
    static let newerShopify =
        "Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,"
        + "Barcode,Option1 name,Option1 value,Option1 Linked To,Option2 name,Option2 value,Option2 Linked To,"
        + "Option3 name,Option3 value,Option3 Linked To,Price,Compare-at price,Cost per item,Charge tax,Tax code,"
        + "Unit price total measure,Unit price total measure unit,Unit price base measure,"
        + "Unit price base measure unit,Inventory tracker,Inventory quantity,Continue selling when out of stock,"
        + "Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,"
        + "Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description,"
        + "Price / International,Compare-at price / International"

    static let plain = "sku,name,price,pack_size,pack_unit,stock,aisle,gtin,sold_by_weight"

    /// A row under `header` with the named cells filled and every other cell empty.
    static func row(_ header: String, _ cells: [String: String]) -> String {
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "\"", with: "")
        }
        for name in cells.keys { precondition(names.contains(name), "no column \(name)") }
        return names.map { name in
            guard let cell = cells[name] else { return "" }
            return cell.contains(",") || cell.contains("\"") || cell.contains("\n")
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }.joined(separator: ",")
    }
}
