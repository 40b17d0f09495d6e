public enum SiteMirrorKitPlaceholder {}
