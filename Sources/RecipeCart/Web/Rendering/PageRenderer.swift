import Foundation
import Hummingbird
import Mustache

/// Renders Mustache templates, all loaded and checked once at start.
package struct PageRenderer: Sendable {
    /// Every template the app renders; a missing one stops the start, never a 500 later. The library parses every
    /// file in the folder at start, so a broken one stops it too, naming the file.
    static let requiredTemplates = PageTemplate.allCases.map(\.rawValue) + PartialTemplate.allCases.map(\.rawValue)

    let library: MustacheLibrary
    let tiles: Stencil<RecipeTile>
    let filterOptions: Stencil<FilterOption>
    let filterChips: Stencil<FilterChip>
    let browsePlans = RenderPlans()

    package init(templatesDirectory: URL) async throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templatesDirectory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw TemplateError.missingDirectory(templatesDirectory.path)
        }
        HTMLEscaping.register()
        let library: MustacheLibrary
        do {
            library = try await MustacheLibrary(directory: templatesDirectory.path)
        } catch let error as MustacheLibrary.ParserError {
            throw TemplateError.broken(
                file: error.filename, reason: "\(error.error) at line \(error.context.lineNumber)")
        }
        let missing = Self.requiredTemplates.filter { library.getTemplate(named: $0) == nil }
        guard missing.isEmpty else {
            throw TemplateError.missingTemplates(missing, directory: templatesDirectory.path)
        }
        self.library = library
        tiles = try Self.stencil(in: library)
        filterOptions = try Self.stencil(in: library)
        filterChips = try Self.stencil(in: library)
    }

    private static func stencil<Item: StencilItem>(in library: MustacheLibrary) throws -> Stencil<Item> {
        try Stencil { try html($0, template: Item.template.rawValue, in: library) }
    }

    func html<View: PageView>(_ view: View) throws -> String {
        try html(view, template: View.template.rawValue)
    }

    /// A Browse page, from its shape's plan: an uncached search renders one every time.
    func html(_ view: BrowseView) throws -> String {
        try browsePlans.html(view) { try html($0, template: BrowseView.template.rawValue) }
    }

    func html<View: FragmentView>(_ view: View) throws -> String {
        try html(view, template: View.template.rawValue)
    }

    private func html(_ view: Any, template: String) throws -> String {
        try Self.html(view, template: template, in: library)
    }

    private static func html(_ view: Any, template: String, in library: MustacheLibrary) throws -> String {
        guard let html = library.render(view, withTemplate: template) else {
            throw AppError.internal("template \(template) is not loaded")
        }
        return html
    }

    func response(_ view: some PageView, status: HTTPResponse.Status = .ok) throws -> Response {
        HTMLResponse.make(try html(view), status: status)
    }
}

package enum TemplateError: Error, CustomStringConvertible {
    case missingDirectory(String)
    case missingTemplates([String], directory: String)
    case broken(file: String, reason: String)

    package var description: String {
        switch self {
        case .missingDirectory(let path):
            "templates directory \(path) does not exist (run from the project folder or pass --resources-dir)"
        case .missingTemplates(let names, let directory):
            "missing templates in \(directory): \(names.map { "\($0).mustache" }.joined(separator: ", "))"
        case .broken(let file, let reason):
            "template \(file) cannot be parsed: \(reason)"
        }
    }
}
