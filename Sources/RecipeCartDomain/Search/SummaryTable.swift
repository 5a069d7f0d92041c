/// Every recipe's tile (`RecipeSummary`), packed beside the search index of the same generation, so a search page
/// reads its tiles without asking the database. Reading a page's 48 rows by key cost a search at 100,000 recipes a
/// fifth of its CPU (the hop to the database's queue, the page reads and the rows' decoding); packed, the tiles of
/// 100,000 recipes take about 5 MB.
package struct SummaryTable: Sendable {
    /// One recipe's place in `text` (its title, then its image path) and its numbers.
    private struct Entry {
        package var textStart: UInt32
        package var titleLength: UInt16
        /// `noImage` when the recipe has none.
        package var imageLength: UInt16
        package var category: UInt16
        package var servings: Int32
        package var readyMinutes: Int32
    }

    private static let noImage = UInt16.max
    private static let noNumber = Int32.min

    private var entries: [Entry] = []
    private var text: [UInt8] = []
    /// A catalog has a few dozen categories: each is kept once.
    private var categories: [String] = []
    private var categoryNumbers: [String: UInt16] = [:]

    package init() {}

    /// Adds a recipe's tile as recipe number `entries.count`; texts too long for a tile are cut at a character.
    package mutating func append(
        title: String, category: String, servings: Int?, readyMinutes: Int?, imagePath: String?
    ) {
        let textStart = UInt32(text.count)
        let titleLength = appendText(title, maxLength: Int(UInt16.max))
        let imageLength = imagePath.map { appendText($0, maxLength: Int(Self.noImage) - 1) }
        entries.append(
            Entry(
                textStart: textStart, titleLength: UInt16(titleLength),
                imageLength: imageLength.map(UInt16.init) ?? Self.noImage,
                category: number(ofCategory: category), servings: Self.stored(servings),
                readyMinutes: Self.stored(readyMinutes)))
    }

    /// The same tiles with recipe `i` of the result being recipe `order[i]` of this table; the text is shared.
    package func reordered(_ order: [Int]) -> SummaryTable {
        var table = self
        table.entries = order.map { entries[$0] }
        return table
    }

    package func summary(ofRecipeAt number: Int, id: RecipeID) -> RecipeSummary {
        let entry = entries[number]
        let titleEnd = Int(entry.textStart) + Int(entry.titleLength)
        let imagePath = entry.imageLength == Self.noImage ? nil : string(titleEnd..<(titleEnd + Int(entry.imageLength)))
        return RecipeSummary(
            id: id, title: string(Int(entry.textStart)..<titleEnd), category: categories[Int(entry.category)],
            servings: Self.loaded(entry.servings), readyInMinutes: Self.loaded(entry.readyMinutes), imagePath: imagePath
        )
    }

    private func string(_ range: Range<Int>) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private mutating func number(ofCategory category: String) -> UInt16 {
        if let number = categoryNumbers[category] { return number }
        // Past 65,535 categories, which no catalog has, the rest share the last.
        guard categories.count <= Int(UInt16.max) else { return UInt16.max }
        let number = UInt16(categories.count)
        categories.append(category)
        categoryNumbers[category] = number
        return number
    }

    /// A recipe's servings and minutes are small; a number that does not fit is shown as unknown.
    private static func stored(_ number: Int?) -> Int32 {
        guard let number, let stored = Int32(exactly: number), stored != noNumber else { return noNumber }
        return stored
    }

    private static func loaded(_ number: Int32) -> Int? {
        number == noNumber ? nil : Int(number)
    }

    /// Appends `string`, cut at a character if longer than `maxLength` bytes, and returns how many bytes it took.
    private mutating func appendText(_ string: String, maxLength: Int) -> Int {
        let utf8 = string.utf8
        guard utf8.count > maxLength else {
            text.append(contentsOf: utf8)
            return utf8.count
        }
        let bytes = Array(utf8)
        var end = maxLength
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        text.append(contentsOf: bytes[..<end])
        return end
    }
}
