import ArgumentParser
import RecipeCart

// ArgumentParser only carries a setting's text to `SettingsReader`, which judges it like the environment's and
// the default's; so an option declares no type, default or check of its own, only the setting it stands for.

extension Option where Value == String? {
    init<Read>(_ setting: Setting<Read>) {
        self.init(name: .customLong(setting.name), help: ArgumentHelp(setting.help, valueName: setting.valueName))
    }
}

extension Flag where Value == Bool? {
    /// `--name` and `--no-name`; neither leaves the environment and the default to decide.
    init(_ setting: Setting<Bool>) {
        self.init(name: .customLong(setting.name), inversion: .prefixedNo, help: ArgumentHelp(setting.help))
    }
}
