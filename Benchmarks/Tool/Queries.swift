import ArgumentParser

/// `recipecart-bench queries --count 3000`: distinct search texts a shopper might type, one a line: whole words,
/// pairs of words and the prefixes a search-as-you-type box sends, drawn from the generated catalog's vocabulary.
struct Queries: ParsableCommand {
    @Option var count = 3_000

    func run() {
        let words = (RecipeGenerator.adjectives + RecipeGenerator.mains + RecipeGenerator.dishes
            + RecipeGenerator.pantry.map(\.0)).map { $0.lowercased() }
        var seen = Set<String>()
        var queries: [String] = []
        func add(_ query: String) {
            if queries.count < count, seen.insert(query).inserted { queries.append(query) }
        }
        for word in words {
            add(word)
            for length in stride(from: 3, to: word.count, by: 2) { add(String(word.prefix(length))) }
        }
        var generator = RecipeGenerator(seed: 0xC0FFEE)
        while queries.count < count {
            let first = words[generator.next(words.count)], second = words[generator.next(words.count)]
            add(generator.next(3) == 0 ? "\(first) \(second.prefix(3 + generator.next(3)))" : "\(first) \(second)")
        }
        print(queries.joined(separator: "\n"))
    }
}
