import BuildSupport

BuildRunner.main(StripoviTool.tool, StripoviTool.build)
