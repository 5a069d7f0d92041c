import Crypto
import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// The recipes that ship with RecipeCart, so it runs offline out of the box.
///
/// One JSON file a recipe under `catalog/recipes`, pictures under `catalog/images`. The files' digest
/// is the catalog's version: the database is reloaded only when the files change.
package struct BundledCatalog: Sendable {
    package static let source = "bundled"

    package let recipes: [Recipe]
    package let version: String
    /// Where the pictures are, served under `/images/bundled/`.
    package let imagesDirectory: URL

    package static func load(from directory: URL = defaultDirectory) throws -> BundledCatalog {
        let recipesDirectory = directory.appendingPathComponent("recipes")
        let files = try FileManager.default.contentsOfDirectory(at: recipesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var hasher = SHA256()
        var recipes: [Recipe] = []
        let decoder = JSONDecoder()
        for file in files {
            let data = try Data(contentsOf: file)
            hasher.update(data: Data(file.lastPathComponent.utf8))
            hasher.update(data: data)
            do {
                recipes.append(try decoder.decode(BundledRecipeFile.self, from: data).recipe())
            } catch {
                throw BundledCatalogError.invalidFile(file.lastPathComponent, String(describing: error))
            }
        }
        let version = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return BundledCatalog(
            recipes: recipes, version: version, imagesDirectory: directory.appendingPathComponent("images"))
    }

    package static var defaultDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("catalog")
    }

    /// Loads the catalog into the database unless this version is already there.
    /// - Returns: true when the database was (re)loaded.
    @discardableResult
    package func install(into catalog: any CatalogStore) async throws -> Bool {
        try await catalog.install(recipes, source: Self.source, version: version)
    }
}

package enum BundledCatalogError: Error, CustomStringConvertible {
    case invalidFile(String, String)

    package var description: String {
        switch self {
        case .invalidFile(let name, let reason): "bundled recipe \(name) is not valid: \(reason)"
        }
    }
}

/// The JSON shape of one bundled recipe file.
struct BundledRecipeFile: Decodable {
    var id: String
    var title: String
    var category: String
    var area: String
    var description: String
    var servings: Int
    var readyInMinutes: Int
    var diets: [String]
    var tags: [String]
    var image: String?
    var sourceURL: String?
    var ingredients: [Ingredient]
    var steps: [String]

    func recipe() throws -> Recipe {
        guard let recipeID = RecipeID(id) else { throw BundledCatalogError.invalidFile(id, "malformed id") }
        let diets = try diets.map { name in
            guard let diet = Diet(rawValue: name) else {
                throw BundledCatalogError.invalidFile(id, "unknown diet \(name)")
            }
            return diet
        }
        return Recipe(
            id: recipeID, title: title, description: description, category: category, area: area,
            servings: servings, readyInMinutes: readyInMinutes, diets: diets, tags: tags,
            imagePath: image.map { "bundled/\($0)" }, sourceURL: sourceURL.flatMap(URL.init(string:)),
            ingredients: ingredients, steps: steps)
    }
}
